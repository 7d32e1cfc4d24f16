import SampleApp
import StoreKitSim

extension HeaderView {
    /// Store time, whenever it is not real time (advanced, or running faster): first among
    /// the badges, so a presenter always sees which day the store is at.
    static func clockBadges(_ state: AppState) -> [Badge] {
        guard !state.snapshot.isRealTime else { return [] }
        let time = "\(state.times.day(state.now)) \(state.times.time(state.now).prefix(5))"
        let rate = state.snapshot.settings.timeRate
        let storeTime = state.strings.screen.storeTime(time)
        let text = rate == .realtime ? storeTime : "\(storeTime) · \(rate)"
        return [Badge(text: text, tint: .accent, short: time)]
    }
}
