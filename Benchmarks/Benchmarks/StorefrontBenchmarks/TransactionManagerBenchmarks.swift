import Benchmark
import Foundation
import AppStoreCore
import StorefrontUI

/// The Transaction Manager over a long history: opening it (its first page read and the frame
/// drawn), a key in it, and narrowing it to a product the history never had, the filter that
/// reads the most rows (all of them) to find nothing.
func transactionManagerBenchmarks() {
    let opening = Holder<ScreenFixture>()
    Benchmark("Transaction Manager open (t, 100×30, history of 100 000)") { benchmark in
        let screen = opening.value
        benchmark.startMeasurement()
        screen.runtime.send(.char("t"))
        blackHole(render(screen.runtime.state))
        benchmark.stopMeasurement()
        guard case .transactions(let panel) = screen.runtime.state.mode, panel.rows.count == TransactionManagerPanel.page else {
            throw BenchmarkFailure("the first page did not load")
        }
        screen.runtime.send(.escape)
    } setup: {
        opening.value = try ScreenFixture(history: 100_000)
    } teardown: {
        opening.take()?.directory.remove()
    }

    let moving = Holder<ScreenFixture>()
    Benchmark("Transaction Manager key (↓ within the first page, 100×30, history of 100 000)") { _ in
        let runtime = moving.value.runtime
        guard case .transactions(let panel) = runtime.state.mode else { throw BenchmarkFailure("the panel closed") }
        // Back to the top before the next page would load: a key, not a page read.
        runtime.send(panel.selection >= TransactionManagerPanel.page / 2 ? .home : .down)
        blackHole(render(runtime.state))
    } setup: {
        moving.value = try ScreenFixture(history: 100_000)
        moving.value.runtime.send(.char("t"))
    } teardown: {
        moving.take()?.directory.remove()
    }

    let narrowing = Holder<ScreenFixture>()
    Benchmark("Transaction Manager narrowed to a product none of 100 000 is for (p, 100×30)") { benchmark in
        let runtime = narrowing.value.runtime
        benchmark.startMeasurement()
        runtime.send(.char("p"))
        blackHole(render(runtime.state))
        benchmark.stopMeasurement()
        guard case .transactions(let panel) = runtime.state.mode, panel.productID != HistoryFill.productID, panel.rows.isEmpty else {
            throw BenchmarkFailure("narrowed to the history's own product")
        }
        // Back to every product, then on to the same empty filter next time.
        runtime.send(.char("t"))
        runtime.send(.char("t"))
    } setup: {
        narrowing.value = try ScreenFixture(history: 100_000)
        narrowing.value.runtime.send(.char("t"))
    } teardown: {
        narrowing.take()?.directory.remove()
    }
}
