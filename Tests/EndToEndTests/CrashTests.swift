import DataFiles
import Foundation
import SampleApp
import AppStoreCore
import Testing

/// The crash test: storefront killed with SIGKILL at every durable write of each flow (the
/// STOREFRONT_KILL_AT_WRITE testing aid, see CrashPoint.swift) and at random points, the
/// command line and the open storefront alike; then recovered as a user would (`storefront
/// launch`, and doing again what was interrupted) and checked (`CrashCheck`): every file
/// opens, every purchase was delivered exactly once, nothing is stuck.
///
/// STOREFRONT_CRASH_KILLS sets how many random kills (200 by default, what `swift test` runs),
/// shared among `randomLanes` data directories killed side by side; STOREFRONT_CRASH_SEED
/// replays the random kills of a run whose seed a failure printed (in every lane).
@Suite(.ownThreads(first: true)) struct CrashTests {
    static let environment = ProcessInfo.processInfo.environment
    static let randomKills = environment["STOREFRONT_CRASH_KILLS"].flatMap { Int($0) } ?? 200
    static let randomLanes = 4

    // MARK: At every write, command line

    /// Kills the flow's commands at each of their write points in turn, each time in a fresh
    /// data directory as the flow left it before that command; then recovers and finishes the
    /// flow, and checks the outcome is the flow's, once.
    @Test(arguments: CrashFlow.allCases)
    func commandLineKilledAtEveryWrite(flow: CrashFlow) throws {
        let probe = BinaryRunner()
        defer { probe.cleanUp() }
        let facts = try CatalogFacts(probe)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }

        // Once through, counting each step's write points and keeping the directory as each step found it.
        let walk = BinaryRunner()
        defer { walk.cleanUp() }
        try FileManager.default.createDirectory(at: walk.dataDirectory, withIntermediateDirectories: true)
        for step in flow.setup {
            let arguments = try step.arguments(CrashCheck(cli: walk, facts: facts))
            let result = try walk.run(arguments: ["--data-dir", walk.dataDirectory.path] + arguments)
            try #require(result.status == step.status, "\(result.summary)")
        }
        let appSince = flow.deletesApp ? try CrashCheck(cli: walk, facts: facts).look().newestNumber : 0
        var steps: [(before: URL, points: Int)] = []
        for (index, step) in flow.steps.enumerated() {
            let before = scratch.appendingPathComponent("before-step-\(index + 1)")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: walk.dataDirectory, to: before)
            let arguments = try step.arguments(CrashCheck(cli: walk, facts: facts))
            let result = try walk.run(arguments: ["--data-dir", walk.dataDirectory.path] + arguments,
                                      environment: ["STOREFRONT_KILL_AT_WRITE": "1000000"])
            try #require(result.status == step.status, "\(result.summary)")
            #expect(result.writePoints > 0, "storefront \(arguments.joined(separator: " ")) writes")
            steps.append((before, result.writePoints))
        }

        var runs = 0
        for (index, step) in flow.steps.enumerated() {
            for point in 1...max(steps[index].points, 1) {
                runs += 1
                let cli = BinaryRunner()
                defer { cli.cleanUp() }
                try FileManager.default.copyItem(at: steps[index].before, to: cli.dataDirectory)
                var check = CrashCheck(cli: cli, facts: facts, appSince: appSince)
                let arguments = try step.arguments(check)
                let killed = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments,
                                         environment: ["STOREFRONT_KILL_AT_WRITE": "\(point)"])
                let context = "flow \(flow), step \(index + 1) of \(flow.steps.count) (storefront \(arguments.joined(separator: " "))), "
                    + "killed at write point \(point) of \(steps[index].points) (\(killed.killedAt ?? "not killed: \(killed.summary)"))"
                #expect(killed.killed, "\(context)")
                try flow.expectWholeChanges(check.look(), context: context)

                if flow == .reset, !FileManager.default.fileExists(atPath: cli.userDefaultsURL.path) {
                    // Killed after deleting the app's data: the app is deleted, whatever the store holds.
                    check.appSince = try check.look().newestNumber
                }
                let launched = try cli.run("launch")
                #expect(launched.status == 0, "\(context)\nrecovering: \(launched.summary)")
                for problem in check.problems(settled: true) {
                    Issue.record("\(problem)\n\(context), then storefront launch")
                }

                if try flow.finish(cli, check: check, context: context) {
                    let relaunched = try cli.run("launch")
                    #expect(relaunched.status == 0, "\(context)\nrelaunching: \(relaunched.summary)")
                }
                if flow == .reset { check.appSince = 0 }
                for problem in check.problems(settled: true) + (try check.stateCommandProblems()) {
                    Issue.record("\(problem)\n\(context), then the flow finished")
                }
                try flow.expectOutcome(check.look(), facts: facts, context: context)
            }
        }
        print("crash test: flow \(flow) killed at each of its \(runs) write points")
    }

    /// A launch that delivers a queue of renewals writes as often whatever their number: one
    /// write of UserDefaults.json delivering them all, one commit finishing them all, one write
    /// clearing the note of what was delivered (the renewals flow kills it at each).
    @Test func aLaunchWritesAsOftenForTenYearsOfRenewalsAsForOne() throws {
        var points: [String: Int] = [:]
        for (years, renewals) in [("1y", 12), ("10y", 120)] {
            let cli = BinaryRunner()
            defer { cli.cleanUp() }
            for command in [["set", "latency", "0"], ["buy", CrashFlow.monthlyID], ["advance", years]] {
                let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + command)
                try #require(result.status == 0, "\(result.summary)")
            }
            let launched = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "launch"],
                                       environment: ["STOREFRONT_KILL_AT_WRITE": "1000000"])
            try #require(launched.status == 0, "\(launched.summary)")
            let heard = launched.stdout.split(separator: "\n").filter { $0.contains(" purchased ") && $0.contains("(renewal") }
            #expect(heard.count == renewals, "the app hears of each renewal:\n\(launched.stdout)")
            points[years] = launched.writePoints
        }
        #expect(points["1y"] == points["10y"], "write points of a launch delivering 12 and 120 renewals: \(points)")
    }

    // MARK: At every write, the open storefront

    /// The storefront in a terminal, killed at each write point of buying three packs of five
    /// credits (the points are counted by going on until a purchase is no longer killed).
    @Test func storefrontKilledAtEveryWrite() throws {
        let probe = BinaryRunner()
        defer { probe.cleanUp() }
        let facts = try CatalogFacts(probe)
        let reaper = SessionReaper()
        var directories: [BinaryRunner] = []
        defer {
            reaper.wait()
            for cli in directories { cli.cleanUp() }
        }
        var point = 1
        while point <= 60 {
            let cli = BinaryRunner()
            directories.append(cli)
            try cli.run("set", "latency", "0")
            let tty = try TmuxSession(cli, environment: ["STOREFRONT_KILL_AT_WRITE": "\(point)"])
            defer { reaper.end(tty) }
            try CrashTests.openSheet(tty, on: "5 Monkey Credits", layoutRow: 7)
            try tty.send("+")
            try tty.send("+")
            try tty.waitFor("Total     $2.97")
            try tty.send("Enter")
            let context = "the storefront buying 5 Monkey Credits ×3, killed at write point \(point)"
            var screen = try tty.wait(for: "the purchase to end or storefront to be killed", joined: true) {
                $0.contains("You're all set.") || CrashTests.exitStatus(in: $0) != nil
            }
            if CrashTests.exitStatus(in: screen) == nil {
                // Not killed: the purchase passed fewer write points than this. Quitting writes nothing.
                try tty.send("Enter")
                try tty.send("q")
                screen = try tty.wait(for: "storefront to exit", joined: true) { CrashTests.exitStatus(in: $0) != nil }
            }
            let status = CrashTests.exitStatus(in: screen)
            if status == 0 {
                #expect(point > 6, "the storefront's purchase passes its write points (\(point - 1))")
                let check = CrashCheck(cli: cli, facts: facts)
                for problem in check.problems(settled: true) { Issue.record("\(problem)\n\(context)") }
                try CrashFlow.consumable.expectOutcome(check.look(), facts: facts, context: context)
                print("crash test: the storefront killed at each of its \(point - 1) write points of a purchase")
                return
            }
            #expect(status == 128 + SIGKILL, "\(context): exited \(status.map(String.init) ?? "?")\n\(screen)")
            let check = CrashCheck(cli: cli, facts: facts)
            let launched = try cli.run("launch")
            #expect(launched.status == 0, "\(context)\nrecovering: \(launched.summary)")
            for problem in check.problems(settled: true) {
                Issue.record("\(problem)\n\(context), then storefront launch")
            }
            if try CrashFlow.consumable.finish(cli, check: check, context: context) { try cli.run("launch") }
            for problem in check.problems(settled: true) + (try check.stateCommandProblems()) {
                Issue.record("\(problem)\n\(context), then bought again")
            }
            try CrashFlow.consumable.expectOutcome(check.look(), facts: facts, context: context)
            point += 1
        }
        Issue.record("the storefront's purchase was still killed at write point 60")
    }

    /// The open storefront killed at each of its write points while its subscription changes
    /// from another terminal (the `liveChanges` flow: a forced renewal failing into billing
    /// retry, the billing fixed, the store ending it), each change arriving live; the commands
    /// themselves run whole. Then the store opens whole, a launch delivers what the storefront
    /// had not, once, and the flow finished ends as the flow does.
    @Test func storefrontKilledWhileSubscriptionChanges() throws {
        let flow = CrashFlow.liveChanges
        let probe = BinaryRunner()
        defer { probe.cleanUp() }
        let facts = try CatalogFacts(probe)
        let reaper = SessionReaper()
        var directories: [BinaryRunner] = []
        defer {
            reaper.wait()
            for cli in directories { cli.cleanUp() }
        }
        // Where the app stands once it has taken in each change.
        let heard = ["inBillingRetryPeriod", "subscribed", "expired (unknown)"]
        var point = 1
        while point <= 40 {
            let cli = BinaryRunner()
            directories.append(cli)
            for step in flow.setup {
                let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + (try step.arguments(CrashCheck(cli: cli, facts: facts))))
                try #require(result.status == step.status, "\(result.summary)")
            }
            let check = CrashCheck(cli: cli, facts: facts)
            let tty = try TmuxSession(cli, environment: ["STOREFRONT_KILL_AT_WRITE": "\(point)"])
            defer { reaper.end(tty) }
            var screen = try tty.wait(for: "the storefront to open", joined: true) {
                $0.contains("Lite Monthly") || CrashTests.exitStatus(in: $0) != nil
            }
            var context = "the open storefront killed at write point \(point)"
            for (operation, state) in zip(flow.operations, heard) where CrashTests.exitStatus(in: screen) == nil {
                let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + operation.arguments)
                try #require(result.status == 0, "\(context): \(result.summary)")
                context = "the open storefront hearing of storefront \(operation.arguments.joined(separator: " ")), killed at write point \(point)"
                // Taken in: the app says where it stands, and holds nothing unfinished.
                screen = try tty.wait(for: "the storefront to take in \(operation.arguments[0]) or to be killed", joined: true) {
                    guard CrashTests.exitStatus(in: $0) == nil else { return true }
                    guard let seen = try? check.look() else { return false }
                    return seen.defaults[SampleApp.stateKey(CrashFlow.liteID)]?.stringValue == state
                        && seen.records.queue.isEmpty && seen.delivered.isEmpty
                }
            }
            if CrashTests.exitStatus(in: screen) == nil {
                // Not killed: the changes passed fewer write points than this. Quitting writes nothing.
                try tty.send("q")
                screen = try tty.wait(for: "storefront to exit", joined: true) { CrashTests.exitStatus(in: $0) != nil }
            }
            let status = CrashTests.exitStatus(in: screen)
            if status == 0 {
                #expect(point > 3, "the storefront writes as it takes in each change (\(point - 1) write points)")
                for problem in check.problems(settled: true) { Issue.record("\(problem)\n\(context)") }
                try flow.expectOutcome(check.look(), facts: facts, context: context)
                print("crash test: the storefront killed at each of its \(point - 1) write points of a subscription's changes")
                return
            }
            #expect(status == 128 + SIGKILL, "\(context): exited \(status.map(String.init) ?? "?")\n\(screen)")
            try flow.expectWholeChanges(check.look(), context: context)
            // The launch delivers what the storefront left unfinished (the recovery's renewal), once.
            let waiting = try check.look().records.queue.filter { $0.queueState.state == .purchased }.map(\.id)
            let launched = try cli.run("launch", "--json")
            #expect(launched.status == 0, "\(context)\nrecovering: \(launched.summary)")
            let delivered = (try? launched.json()["delivered"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
            #expect(delivered == waiting, "\(context): the launch delivers \(waiting), not \(delivered ?? [])")
            for problem in check.problems(settled: true) {
                Issue.record("\(problem)\n\(context), then storefront launch")
            }
            if try flow.finish(cli, check: check, context: context) { try cli.run("launch") }
            for problem in check.problems(settled: true) + (try check.stateCommandProblems()) {
                Issue.record("\(problem)\n\(context), then the flow finished")
            }
            try flow.expectOutcome(check.look(), facts: facts, context: context)
            point += 1
        }
        Issue.record("the storefront was still killed at write point 40")
    }

    // MARK: At random points

    /// A data directory whose history grows: commands (and now and then the open storefront,
    /// mid-purchase) killed after a random delay, each followed by a launch and the checks.
    /// Each lane has a directory of its own and its share of the random kills.
    @Test(arguments: 0..<randomLanes)
    func killedAtRandomPoints(lane: Int) throws {
        let seed = Self.environment["STOREFRONT_CRASH_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1...UInt64.max)
        let wanted = Self.randomKills / Self.randomLanes + (lane < Self.randomKills % Self.randomLanes ? 1 : 0)
        var random = SeededRandom(seed: seed)
        let cli = BinaryRunner()
        defer { cli.cleanUp() }
        let facts = try CatalogFacts(cli)
        var check = CrashCheck(cli: cli, facts: facts)
        try #require(try cli.run("set", "latency", "0").status == 0)
        let packs = facts.credits.keys.sorted()
        let started = Date()
        var kills = 0, storefrontKills = 0, runs = 0
        var reported: Set<String> = []
        let reaper = SessionReaper()
        defer { reaper.wait() }
        var seen = try check.look()
        print("crash test: lane \(lane): \(wanted) random kills, STOREFRONT_CRASH_SEED=\(seed)")

        func report(_ problems: [CrashCheck.Problem], _ context: String) {
            for problem in problems where reported.insert(problem.kind).inserted {
                Issue.record("\(problem)\nSTOREFRONT_CRASH_SEED=\(seed), run \(runs): \(context)")
            }
        }

        // Kills land anywhere in a command: from 0 to 150 ms, or to 1.5 times as long as a
        // launch takes when the machine is slower than that.
        var launchTime = 0.1
        while kills < wanted, runs < wanted * 10 {
            runs += 1
            let delay = (Double.random(in: 0...1, using: &random) * max(0.15, 1.5 * launchTime) * 1000).rounded() / 1000
            var context: String
            // A subscription command killed is done again once recovered, as the user would:
            // the subscription's life goes on whatever the kills cut short. The app hears of
            // what it did at the next launch, which the checks follow.
            var redo: ([String], Set<Int32>)?
            if kills % 20 == 10 {
                // The open storefront, killed mid-purchase: one kill in twenty.
                let pack = Int.random(in: 0...1, using: &random)
                let title = ["5 Monkey Credits", "10 Monkey Credits"][pack]
                let tty = try TmuxSession(cli)
                defer { reaper.end(tty) }
                // Six free quotes, then the premium row, or its six quotes once unlocked.
                let premium = seen.defaults[CrashFlow.premiumID]?.boolValue ?? false
                // Whatever the screen shows (an alert for a purchase that completed at launch), it is killed.
                let sheet = (try? Self.openSheet(tty, on: title, layoutRow: (premium ? 12 : 7) + pack, searching: false)) != nil
                if sheet {
                    if Bool.random(using: &random) { try tty.send("+") }
                    try tty.send("Enter")
                }
                Thread.sleep(forTimeInterval: delay)
                let early = try tty.screen(joined: true)
                if Self.exitStatus(in: early) == nil, let pid = Self.storefrontProcess(cli) {
                    kill(pid, SIGKILL)
                }
                let screen = try tty.wait(for: "storefront to exit", joined: true) { Self.exitStatus(in: $0) != nil }
                if Self.exitStatus(in: screen) != 128 + SIGKILL {
                    report([.init(kind: "the storefront ended by itself", detail: screen)], "the open storefront on \(title)")
                }
                context = sheet ? "the open storefront buying \(title), killed \(Int(delay * 1000)) ms after Buy"
                    : "the open storefront, killed with no purchase sheet for \(title)"
                kills += 1
                storefrontKills += 1
            } else {
                let (arguments, statuses) = try Self.randomCommand(&random, seen: seen, packs: packs, facts: facts,
                                                                   deleteApp: { try deleteApp(cli, &check, seen: seen) })
                let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments, killAfter: delay)
                context = "storefront \(arguments.joined(separator: " "))"
                if result.killed {
                    kills += 1
                    context += " killed after \(Int(delay * 1000)) ms"
                    if Self.subscriptionVerbs.contains(arguments[0]) || facts.subscriptions.contains(arguments.last!) {
                        redo = (arguments, statuses)
                    }
                } else {
                    // Done before the kill: nothing to recover from.
                    if !statuses.contains(result.status) {
                        report([.init(kind: "unexpected exit status", detail: result.summary)], context)
                    }
                    seen = (try? check.look()) ?? seen
                    continue
                }
            }
            let launchStarted = Date()
            let launched = try cli.run("launch")
            launchTime = 0.9 * launchTime + 0.1 * Date().timeIntervalSince(launchStarted)
            if launched.status != 0 {
                report([.init(kind: "storefront launch fails after a kill", detail: launched.summary)], context)
            }
            report(check.problems(settled: false), context + ", then storefront launch")
            if kills % 20 == 0 { report(try check.stateCommandProblems(), context) }
            if let (arguments, statuses) = redo {
                let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments)
                if !statuses.contains(result.status) {
                    report([.init(kind: "unexpected exit status", detail: result.summary)], context + ", then done again")
                }
            }
            seen = (try? check.look()) ?? seen
        }

        // Settle: every setting back to finishing what it delivers, and every answer in flight
        // due, so that the launch gives them all.
        for setting in [["latency", "0"], ["finish-transactions", "on"], ["ask-to-buy", "off"], ["interrupted", "off"]] {
            #expect(try cli.run(arguments: ["--data-dir", cli.dataDirectory.path, "set"] + setting).status == 0)
        }
        try Self.waitForAnswersDue(check)
        #expect(try cli.run("launch").status == 0)
        report(check.problems(settled: true) + (try check.stateCommandProblems()), "settling at the end")
        let elapsed = Date().timeIntervalSince(started)
        print("crash test: lane \(lane): \(kills) random kills (\(storefrontKills) of the open storefront) in \(runs) runs, "
              + "\(seen.history.count) transactions (\(seen.history.filter { $0.reason == .renewal }.count) renewals), "
              + "\(seen.events.count) store events, a launch taking \(Int(launchTime * 1000)) ms, "
              + "\(String(format: "%.1f", elapsed)) s, STOREFRONT_CRASH_SEED=\(seed)")
        #expect(kills >= wanted, "only \(kills) of \(runs) runs were killed before they finished")
    }

    /// Waits until the store's answers still in flight (purchases and a restore, made with an
    /// earlier latency) are due: until store time has passed their dates.
    private static func waitForAnswersDue(_ check: CrashCheck) throws {
        let records = try check.look().records
        let purchases = records.queue.filter { $0.queueState.state == .purchasing }.compactMap(\.queueState.dueDate)
        let due = (purchases + [records.restoreDueDate].compactMap { $0 }).max()
        let deadline = Date() + 15
        // Due by store time, which `advance` may have moved ahead of real time.
        while let due, records.clock.realInterval(until: due, from: Date(), rate: records.settings.timeRate) > 0,
              Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// "Delete the app" when nothing is in flight, so the checks know which transactions the new app holds.
    private func deleteApp(_ cli: BinaryRunner, _ check: inout CrashCheck, seen: CrashCheck.Seen) throws {
        guard seen.records.queue.isEmpty, seen.records.restoreDueDate == nil else { return }
        #expect(try cli.run("reset", "--app-only").status == 0)
        check.appSince = seen.newestNumber
    }

    /// A command to kill, and the exit statuses it may end with if it finishes first.
    private static func randomCommand(_ random: inout SeededRandom, seen: CrashCheck.Seen, packs: [String],
                                      facts: CatalogFacts, deleteApp: () throws -> Void) rethrows -> ([String], Set<Int32>) {
        let roll = Int.random(in: 0..<100, using: &random)
        let deferred = seen.records.pendingApprovals.map(\.id)
        let interrupted = seen.records.interruptions.map(\.id)
        switch roll {
        case 0..<40:
            if Int.random(in: 0..<4, using: &random) == 0 {
                return (["buy", facts.unlockingProducts.randomElement(using: &random)!], [0, 3, 4])
            }
            let quantity = Int.random(in: 1...3, using: &random)
            return (["buy", packs.randomElement(using: &random)!, "--quantity", "\(quantity)"], [0, 3, 4])
        case 40..<50:
            if Int.random(in: 0..<3, using: &random) == 0 { try deleteApp() }
            return (["restore"], [0, 4])
        case 50..<60 where !deferred.isEmpty:
            let verb = Int.random(in: 0..<4, using: &random) == 0 ? "decline" : "approve"
            return ([verb, deferred.randomElement(using: &random)!], [0])
        case 60..<65 where !interrupted.isEmpty:
            return (["resolve", interrupted.randomElement(using: &random)!], [0])
        case 65..<80:
            return subscriptionCommand(&random, seen: seen)
        case 80..<100:
            let settings: [[String]] = [
                ["latency", "0"], ["latency", "0"], ["latency", "20"], ["latency", "80"], ["latency", "200"],
                ["ask-to-buy", "on"], ["ask-to-buy", "off"], ["ask-to-buy", "off"],
                ["interrupted", "on"], ["interrupted", "off"], ["interrupted", "off"],
                ["finish-transactions", "off"], ["finish-transactions", "on"], ["finish-transactions", "on"],
                ["billing-retry", "on"], ["billing-retry", "off"], ["grace-period", "off"], ["grace-period", "16d"],
            ]
            return (["set"] + settings.randomElement(using: &random)!, [0])
        default:
            return (["launch"], [0])
        }
    }

    /// The commands that operate on a subscription (`subscriptionCommand`).
    private static let subscriptionVerbs: Set<String> = ["auto-renew", "expire", "renew", "fix-billing", "price-increase", "agree-price", "decline-price", "advance"]

    /// A subscription command: buying a plan of the built-in group (mostly when none is
    /// active, to resubscribe), or an operation on the plan subscribed to (most often), or
    /// store time moved on; refusals (4) are expected where the operation does not apply.
    private static func subscriptionCommand(_ random: inout SeededRandom, seen: CrashCheck.Seen) -> ([String], Set<Int32>) {
        let plans = [CrashFlow.monthlyID, "com.storefront.pro.yearly", "com.storefront.pro.student", CrashFlow.liteID]
        let buy = (["buy", plans.randomElement(using: &random)!], Set<Int32>([0, 3, 4]))
        let status = seen.records.subscriptions.first
        if status.map({ $0.state == .expired || $0.state == .revoked }) ?? true, Int.random(in: 0..<4, using: &random) > 0 {
            return buy
        }
        let plan = Int.random(in: 0..<4, using: &random) > 0 ? status?.productID ?? plans[3] : plans.randomElement(using: &random)!
        let price = ["1.49", "2.99", "6.99", "59.99"].randomElement(using: &random)!
        let consent = Bool.random(using: &random) ? "--consent-needed" : "--no-consent-needed"
        let advance = ["advance", ["1w", "1mo", "1mo", "20d", "61d"].randomElement(using: &random)!]
        let commands: [([String], Set<Int32>)] = [
            buy, (["auto-renew", plan, "off"], [0, 4]), (["auto-renew", plan, "on"], [0, 4]),
            (["expire", plan], [0, 4]), (["renew", plan], [0, 4]), (["renew", plan], [0, 4]),
            (["fix-billing", plan], [0, 4]), (["price-increase", plan, price, consent], [0, 4]),
            (["agree-price", plan], [0, 4]), (["decline-price", plan], [0, 4]), (advance, [0]), (advance, [0]),
        ]
        return commands.randomElement(using: &random)!
    }

    // MARK: The terminal

    /// Opens the purchase sheet of the row titled `title`: `layoutRow` rows down from the top
    /// in one go when that is where it is, else (`searching`) row by row.
    static func openSheet(_ tty: TmuxSession, on title: String, layoutRow: Int, searching: Bool = true) throws {
        try tty.waitFor(title)
        try tty.type(String(repeating: "j", count: layoutRow))
        do {
            try tty.wait(for: "\(title) to be selected", seconds: 3) { tty.detailTitle(in: $0) == title }
        } catch where searching {
            try tty.select(title)
        }
        try tty.send("Enter")
        try tty.waitFor("[ Buy ]", seconds: 5)
    }

    /// The exit status the pane's shell printed (`EXITED n`), wherever a killed storefront left
    /// the cursor. The terminal is left raw, so the line's end may still show the storefront's
    /// own text ("EXITED 1379 ↓" for 137): the status is read as the digits up to 255. Read from
    /// a joined screen: where the shell's "Killed" line leaves it, the status may wrap at the
    /// pane's edge ("EXITED 13", then "7"), by the length of the binary's path.
    static func exitStatus(in screen: String) -> Int32? {
        guard let range = screen.range(of: "EXITED ") else { return nil }
        var status: Int32?
        for digit in screen[range.upperBound...].prefix(while: \.isNumber).compactMap(\.wholeNumberValue) {
            let next = (status ?? 0) * 10 + Int32(digit)
            guard next <= 255, status != 0 else { break }
            status = next
        }
        return status
    }

    /// The process of the storefront open on `cli`'s data directory, as its lock file names it.
    static func storefrontProcess(_ cli: BinaryRunner) -> pid_t? {
        let url = cli.dataDirectory.appendingPathComponent(".storefront-ui.lock")
        guard let holder = try? String(contentsOf: url, encoding: .utf8), holder.hasPrefix("the open storefront"),
              let range = holder.range(of: "(process ") else { return nil }
        return pid_t(holder[range.upperBound...].prefix { $0.isNumber })
    }
}

/// Ends tmux sessions on threads of their own: once their storefront has exited, ending one
/// only waits for its processes to be reaped, which can take a second or two. `wait()` before
/// deleting their data directories.
final class SessionReaper: @unchecked Sendable {
    private let group = DispatchGroup()

    func end(_ tty: TmuxSession) {
        group.enter()
        nonisolated(unsafe) let session = tty
        Thread.detachNewThread { [group] in
            session.kill()
            group.leave()
        }
    }

    func wait() { group.wait() }
}

/// The flows the crash test kills at every write: the purchases, approvals and restores, a
/// purchase made outside the app, a launch taking a long queue at once, and a subscription's
/// whole life (see `operations`).
enum CrashFlow: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case firstWrite, consumable, premium, askToBuy, interrupted, restore, reset, renewals, outsidePurchase
    case billingRecovery, billingRetryRecovery, billingRetryExpiry, planChanges, downgradeCalledOff, cancelAndExpire,
         expireAndResubscribe, outsideCancelled, renewalDeleted, unfinishedRenewalDeleted, historyCleared
    case priceIncreaseAgreed, priceIncreaseDeclined, priceIncreaseRefused, priceIncreaseWithoutConsent, liveChanges
    case refund, deleteTransaction, consume, refundRequest, familySharing, familySubscription
    case promotionalOffer, offerCodeAtRenewal

    static let credits5 = "com.storefront.credits.5"
    static let credits10 = "com.storefront.credits.10"
    static let premiumID = "com.storefront.premium"
    static let parent = "parent@example.com"
    static let monthlyID = "com.storefront.pro.monthly"
    static let liteID = "com.storefront.lite.monthly"
    static let yearlyID = "com.storefront.pro.yearly"
    /// Lite Monthly's price, and the one a price increase raises it to.
    static let litePrice = Decimal(string: "1.99")!
    static let raisedPrice = Decimal(string: "2.99")!

    var testDescription: String { rawValue }

    /// Commands run first, never killed, each ending with its status.
    var setup: [CrashStep] {
        func commands(_ list: [String]...) -> [CrashStep] { list.map { .command($0, status: 0) } }
        let base = commands(["set", "latency", "0"])
        let lite = base + commands(["buy", Self.liteID])
        return switch self {
        case .firstWrite: []
        case .consumable, .premium, .outsidePurchase: base
        // 1000000001: 10 credits, 1000000002: 10 more.
        case .consume: base + commands(["buy", Self.credits5, "--quantity", "2"], ["buy", Self.credits10])
        case .askToBuy: base + commands(["set", "ask-to-buy", "on"])
        case .interrupted: base + commands(["set", "interrupted", "on"])
        case .restore: base + commands(["buy", Self.premiumID], ["reset", "--app-only"])
        case .reset: base + commands(["buy", Self.premiumID], ["buy", Self.credits5, "--quantity", "2"])
        case .familySharing, .familySubscription:
            // The signed-in account is in the parent's family.
            base + commands(["family", "create", Self.parent], ["family", "add", Settings.defaultAccount, "--to", Self.parent])
        case .refund, .deleteTransaction:
            // 1000000001: 10 credits, 1000000002: 10 more, 1000000003: premium.
            base + commands(["buy", Self.credits5, "--quantity", "2"], ["buy", Self.credits10], ["buy", Self.premiumID])
        case .refundRequest:
            // 1000000001: 10 credits, 1000000002: premium; requests wait for an answer.
            base + commands(["buy", Self.credits5, "--quantity", "2"], ["buy", Self.premiumID], ["set", "refund-requests", "manual"])
        case .renewals:
            // Two packs approved from outside and ten years of renewals, all waiting for the
            // app's next launch: one batch of 122 transactions.
            base + commands(["buy", Self.monthlyID], ["set", "ask-to-buy", "on"])
                + [.command(["buy", Self.credits5], status: 3), .command(["buy", Self.credits10], status: 3),
                   .approveRequest, .approveRequest]
                + commands(["advance", "10y"])
        case .billingRecovery:
            base + commands(["buy", Self.monthlyID], ["set", "billing-retry", "on"], ["set", "grace-period", "16d"])
        case .billingRetryRecovery: lite + commands(["set", "billing-retry", "on"], ["set", "grace-period", "16d"])
        case .billingRetryExpiry, .liveChanges: lite + commands(["set", "billing-retry", "on"])
        case .downgradeCalledOff, .promotionalOffer: base + commands(["buy", Self.monthlyID])
        case .offerCodeAtRenewal: base + commands(["buy", Self.yearlyID])
        case .planChanges, .cancelAndExpire, .expireAndResubscribe, .priceIncreaseAgreed, .priceIncreaseDeclined,
             .priceIncreaseRefused, .priceIncreaseWithoutConsent, .outsideCancelled, .renewalDeleted, .unfinishedRenewalDeleted,
             .historyCleared:
            lite
        }
    }

    /// Whether the setup deletes the app (its data then starts from nothing).
    var deletesApp: Bool { self == .restore }

    /// A subscription flow's commands after its first purchase, each with the store's events it
    /// makes, in order; then a launch.
    var operations: [(arguments: [String], events: [StoreEventKind])] {
        let lite = Self.liteID
        return switch self {
        case .billingRecovery:
            // A forced renewal fails into grace, the subscriber fixes billing.
            [(["renew", Self.monthlyID], [.renewalFailed]), (["fix-billing", Self.monthlyID], [.recovered])]
        case .billingRetryRecovery:
            // The renewal fails on its own date, the grace runs out, the subscriber fixes billing.
            [(["advance", "1mo"], [.renewalFailed]), (["advance", "20d"], [.gracePeriodExpired]),
             (["fix-billing", lite], [.recovered])]
        case .billingRetryExpiry:
            // The renewal fails, and 60 days of billing retry run out.
            [(["advance", "1mo"], [.renewalFailed]), (["advance", "61d"], [.expired])]
        case .planChanges:
            // Upgrade now, downgrade at the renewal, the renewal to the lower plan.
            [(["buy", Self.monthlyID], [.upgraded]), (["buy", lite], [.renewalPreferenceChanged]),
             (["advance", "1mo"], [.renewed])]
        case .downgradeCalledOff:
            // A downgrade, called off, made again, and the renewal to the lower plan: no transaction but the renewal.
            [(["buy", lite], [.renewalPreferenceChanged]), (["buy", Self.monthlyID], [.renewalPreferenceChanged]),
             (["buy", lite], [.renewalPreferenceChanged]), (["advance", "1mo"], [.renewed])]
        case .cancelAndExpire:
            [(["auto-renew", lite, "off"], [.autoRenewDisabled]), (["advance", "1mo"], [.expired])]
        case .outsideCancelled:
            // Ended, then bought again outside the app with auto-renew off: the resubscribe and
            // its cancellation in one write; it runs to its period's end.
            [(["auto-renew", lite, "off"], [.autoRenewDisabled]), (["advance", "1mo"], [.expired]),
             (["buy-outside", lite, "--no-auto-renew"], [.subscribed, .autoRenewDisabled]), (["advance", "1mo"], [.expired])]
        case .renewalDeleted:
            // The renewal is deleted once the app has it: the period left has ended, so what fell
            // due since is done in the deletion's write, a renewal again (a new id).
            [(["advance", "1mo"], [.renewed]), (["launch"], []),
             (["delete-transaction", "1000000002"], [.transactionDeleted, .renewed])]
        case .unfinishedRenewalDeleted:
            // The renewal waits for the closed app, unfinished, when the original is deleted:
            // both go, out of the queue, in the deletion's write (the renewal's event first).
            [(["advance", "1mo"], [.renewed]), (["delete-transaction", "1000000001"], [.transactionDeleted, .transactionDeleted])]
        case .historyCleared:
            // The history cleared: the subscription's original transaction goes, told as a
            // deletion (for the app to end its access), then the clearing, in one write.
            [(["clear-history"], [.transactionDeleted, .purchaseHistoryCleared])]
        case .expireAndResubscribe:
            // The store ends it; buying it again resubscribes.
            [(["expire", lite], [.expired]), (["buy", lite], [.subscribed])]
        case .promotionalOffer:
            // A lapsed subscriber resubscribes with a promotional offer the sample app's server
            // signs: its nonce is used up in the purchase's write.
            [(["expire", Self.monthlyID], [.expired]), (["buy", Self.monthlyID, "--offer", "COMEBACK"], [.subscribed])]
        case .offerCodeAtRenewal:
            // A subscriber redeems an offer code: it waits for the renewal, which is at its price.
            [(["redeem-code", "LOYALYEAR"], [.offerRedeemed]), (["advance", "1y"], [.renewed])]
        case .priceIncreaseAgreed:
            [(["price-increase", lite, "2.99", "--consent-needed"], [.priceIncreasePending]),
             (["agree-price", lite], [.priceIncreaseAgreed]), (["advance", "1mo"], [.renewed])]
        case .priceIncreaseDeclined:
            // No answer by the renewal.
            [(["price-increase", lite, "2.99", "--consent-needed"], [.priceIncreasePending]), (["advance", "1mo"], [.expired])]
        case .priceIncreaseRefused:
            // The subscriber declines it: auto-renew off, and the plan runs to its period's end.
            [(["price-increase", lite, "2.99", "--consent-needed"], [.priceIncreasePending]),
             (["decline-price", lite], [.autoRenewDisabled]), (["advance", "1mo"], [.expired])]
        case .priceIncreaseWithoutConsent:
            [(["price-increase", lite, "2.99", "--no-consent-needed"], [.priceIncreased]), (["advance", "1mo"], [.renewed])]
        case .liveChanges:
            // What the open storefront hears from another terminal (`storefrontKilledWhileSubscriptionChanges`).
            [(["renew", lite], [.renewalFailed]), (["fix-billing", lite], [.recovered]), (["expire", lite], [.expired])]
        default: []
        }
    }

    /// The commands killed at each of their write points, in order.
    var steps: [CrashStep] {
        switch self {
        case .firstWrite: [.command(["set", "latency", "0"], status: 0)]  // makes store.sqlite
        case .consumable: [.command(["buy", Self.credits5, "--quantity", "3"], status: 0)]
        case .premium: [.command(["buy", Self.premiumID], status: 0)]
        case .askToBuy: [.command(["buy", Self.credits10], status: 3), .approveRequest, .command(["launch"], status: 0)]
        case .interrupted: [.command(["buy", Self.credits10], status: 4), .resolveInterruption, .command(["launch"], status: 0)]
        case .restore: [.command(["restore"], status: 0)]
        case .reset: [.command(["reset"], status: 0)]
        case .renewals: [.command(["launch"], status: 0)]
        case .outsidePurchase: [.command(["buy-outside", Self.credits5, "--quantity", "3"], status: 0), .command(["launch"], status: 0)]
        case .refund:
            // The app hears of both at the launch, and takes back 10 credits and the premium unlock, once.
            [.command(["refund", "1000000001"], status: 0), .command(["refund", "1000000003", "--prorated", "50"], status: 0),
             .command(["launch"], status: 0)]
        // The parent buys, the family shares it, the parent stops sharing it: the app delivers it, then takes it back, once.
        case .familySharing:
            [.command(["family", "buy", Self.parent, Self.premiumID], status: 0), .command(["launch"], status: 0),
             .command(["family", "share", Self.premiumID, "off", "--by", Self.parent], status: 0), .command(["launch"], status: 0)]
        // The parent subscribes and renews after the free week: the family shares each period,
        // the app delivers each once.
        case .familySubscription:
            [.command(["family", "buy", Self.parent, Self.monthlyID], status: 0), .command(["launch"], status: 0),
             .command(["advance", "8d"], status: 0), .command(["launch"], status: 0)]
        // The app is not told: a launch after it has nothing to write.
        case .deleteTransaction: [.command(["delete-transaction", "1000000003"], status: 0)]
        // Three credits, the oldest pack's: taken from the list and the balance in one write.
        case .consume: [.command(["consume", "credits", "--quantity", "3"], status: 0)]
        case .refundRequest:
            // Both asked for; the credits' approved (the app takes them back at the launch), the premium's declined.
            [.command(["request-refund", "1000000001", "--reason", "unintended-purchase"], status: 0),
             .command(["request-refund", "1000000002"], status: 0), .command(["approve-refund", "1000000001"], status: 0),
             .command(["decline-refund", "1000000002"], status: 0), .command(["launch"], status: 0)]
        case .expireAndResubscribe, .promotionalOffer:
            // The purchase delivers itself: a launch after it has nothing to write.
            operations.map { .command($0.arguments, status: 0) }
        default: operations.map { .command($0.arguments, status: 0) } + [.command(["launch"], status: 0)]
        }
    }

    /// The store's events a subscription flow makes, in order, each once.
    var subscriptionEvents: [StoreEventKind] {
        operations.isEmpty ? [] : [.subscribed] + operations.flatMap(\.events)
    }

    /// Why a subscription flow's subscription expires, if it does.
    var expirationReason: ExpirationReason? {
        switch self {
        case .billingRetryExpiry: .billingError
        case .cancelAndExpire, .priceIncreaseRefused, .outsideCancelled: .autoRenewDisabled
        case .expireAndResubscribe, .liveChanges, .promotionalOffer: .unknown
        case .priceIncreaseDeclined: .didNotConsentToPriceIncrease
        default: nil
        }
    }

    /// After a kill and a launch: what the user does to finish the flow, from wherever it
    /// stopped. Returns whether there was anything left to do.
    func finish(_ cli: BinaryRunner, check: CrashCheck, context: String) throws -> Bool {
        var ran = false
        func run(_ arguments: String..., status: Int32) throws {
            let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + arguments)
            #expect(result.status == status, "\(context)\nfinishing the flow: \(result.summary)")
            ran = true
        }
        let seen = try check.look()
        switch self {
        case .firstWrite:
            if seen.records.settings.latencyMilliseconds != 0 { try run("set", "latency", "0", status: 0) }
        case .consumable:
            if seen.transactions(of: Self.credits5, .purchased).isEmpty { try run("buy", Self.credits5, "--quantity", "3", status: 0) }
        case .premium:
            if seen.transactions(of: Self.premiumID, .purchased).isEmpty { try run("buy", Self.premiumID, status: 0) }
        case .outsidePurchase:
            // Killed before the store committed it: nothing was bought, so it is bought again.
            if seen.transactions(of: Self.credits5, .purchased).isEmpty {
                try run("buy-outside", Self.credits5, "--quantity", "3", status: 0)
            }
        case .askToBuy:
            var waiting = seen.transactions(of: Self.credits10, .deferred).first?.id
            if waiting == nil, seen.transactions(of: Self.credits10, .purchased).isEmpty {
                try run("buy", Self.credits10, status: 3)
                waiting = try check.look().transactions(of: Self.credits10, .deferred).first?.id
            }
            if let waiting { try run("approve", waiting, status: 0) }
        case .interrupted:
            var waiting = seen.history.first { $0.productID == Self.credits10 && $0.queueState.phase == .interrupted }?.id
            if waiting == nil, seen.transactions(of: Self.credits10, .purchased).isEmpty {
                try run("buy", Self.credits10, status: 4)
                waiting = try check.look().history.first { $0.productID == Self.credits10 && $0.queueState.phase == .interrupted }?.id
            }
            if let waiting { try run("resolve", waiting, status: 0) }
        case .restore:
            try run("restore", status: 0)
        case .reset:
            try run("reset", status: 0)
        case .renewals:
            break  // the launch that recovers delivers what is left
        case .refund:
            for id in ["1000000001", "1000000003"] where seen.history.first(where: { $0.id == id })?.isRevoked == false {
                try run("refund", id, status: 0)
            }
        case .deleteTransaction:
            if seen.history.contains(where: { $0.id == "1000000003" }) { try run("delete-transaction", "1000000003", status: 0) }
        case .consume:
            if seen.unconsumed["1000000001"]?.remaining == 10 { try run("consume", "credits", "--quantity", "3", status: 0) }
        case .refundRequest:
            // Each request made once and answered once, by what the store holds.
            for (id, answer) in [("1000000001", "approve-refund"), ("1000000002", "decline-refund")] {
                if !seen.records.refundRequests.contains(where: { $0.transactionID == id }) { try run("request-refund", id, status: 0) }
                if seen.records.refundRequests.first(where: { $0.transactionID == id })?.status ?? .pending == .pending {
                    try run(answer, id, status: 0)
                }
            }
        case .familySubscription:
            // Bought once, and the store's clock moved on once (the renewal is made with it).
            let parents = seen.transactions(of: Self.monthlyID, .purchased).filter { $0.account == Self.parent }
            if parents.isEmpty { try run("family", "buy", Self.parent, Self.monthlyID, status: 0) }
            if parents.count < 2 { try run("advance", "8d", status: 0) }
        case .familySharing:
            if !seen.transactions(of: Self.premiumID, .purchased).contains(where: { $0.account == Self.parent }) {
                try run("family", "buy", Self.parent, Self.premiumID, status: 0)
            }
            if !seen.records.sharingStops.contains(SharingStop(account: Self.parent, productID: Self.premiumID)) {
                try run("family", "share", Self.premiumID, "off", "--by", Self.parent, status: 0)
            }
        default:
            // Each command once, by the events the store holds: those the flow made so far
            // (a prefix of the flow's, `expectWholeChanges` checks) say which came through,
            // `advance` included (a renewal due when killed is made by the launch that recovers).
            var made = seen.events.filter { $0.kind != .purchaseFailed }.count - 1  // the first purchase's
            for operation in operations {
                made -= operation.events.count
                guard made < 0 else { continue }
                let result = try cli.run(arguments: ["--data-dir", cli.dataDirectory.path] + operation.arguments)
                #expect(result.status == 0, "\(context)\nfinishing the flow: \(result.summary)")
                ran = true
            }
        }
        return ran
    }

    /// The flow's outcome, once: one purchase delivered, nothing left waiting.
    func expectOutcome(_ seen: CrashCheck.Seen, facts: CatalogFacts, context: String) throws {
        let credits = seen.defaults[SampleApp.creditsKey]?.intValue ?? 0
        let premium = seen.defaults[Self.premiumID]?.boolValue ?? false
        let status = seen.records.subscriptions.first
        let lite = seen.transactions(of: Self.liteID, .purchased)
        switch self {
        case .firstWrite:
            #expect(seen.records.settings.latencyMilliseconds == 0, "\(context)")
        case .consumable:
            #expect(seen.transactions(of: Self.credits5, .purchased).count == 1, "\(context): bought once")
            #expect(credits == 15, "\(context)")
        case .consume:
            #expect(credits == 17, "\(context): consumed once")
            let listed = seen.unconsumed
            #expect(listed["1000000001"]?.remaining == 7 && listed["1000000002"]?.remaining == 10, "\(context): the oldest first, \(listed)")
        case .premium:
            #expect(seen.transactions(of: Self.premiumID, .purchased).count == 1, "\(context): bought once")
            #expect(premium, "\(context)")
        case .outsidePurchase:
            let bought = seen.transactions(of: Self.credits5, .purchased)
            #expect(bought.count == 1 && bought.first?.reason == .outsideApp, "\(context): bought once, outside the app")
            #expect(credits == 15, "\(context): delivered once")
            #expect(seen.records.queue.isEmpty && seen.delivered.isEmpty, "\(context): nothing waiting")
        case .askToBuy, .interrupted:
            #expect(seen.transactions(of: Self.credits10, .purchased).count == 1, "\(context): bought once")
            #expect(credits == 10, "\(context)")
            #expect(seen.records.pendingApprovals.isEmpty && seen.records.interruptions.isEmpty, "\(context): nothing waiting")
        case .familySubscription:
            let bought = seen.transactions(of: Self.monthlyID, .purchased)
            #expect(bought.filter { $0.account == Self.parent }.count == 2, "\(context): bought once, renewed once")
            let shared = bought.filter { $0.account == Settings.defaultAccount }
            #expect(shared.count == 2 && shared.allSatisfy { $0.isFamilyShared && !$0.isRevoked }, "\(context): a period each: \(shared)")
            #expect(shared.last?.reason == .renewal && shared.last?.originalID == shared.first?.id, "\(context): \(shared)")
            #expect(seen.events.filter { $0.kind == .familyShared }.count == 2, "\(context): \(seen.events.map(\.kind))")
            let expiry = seen.defaults[Self.monthlyID]?.stringValue.flatMap(JSONCoding.parse)
            #expect(expiry != nil && expiry == shared.last?.expirationDate, "\(context): the renewed period delivered")
            #expect(seen.records.queue.allSatisfy { $0.account == Self.parent } && seen.delivered.isEmpty, "\(context): nothing waiting")
        case .familySharing:
            let bought = seen.transactions(of: Self.premiumID, .purchased)
            #expect(bought.filter { $0.account == Self.parent }.count == 1, "\(context): bought once")
            let shared = bought.filter { $0.account == Settings.defaultAccount }
            #expect(shared.count == 1 && shared.allSatisfy { $0.isFamilyShared && $0.revocationType == .familyRevoke },
                    "\(context): shared once, revoked: \(shared)")
            #expect(seen.events.filter { $0.kind == .familyShared }.count == 1 && seen.events.filter { $0.kind == .familyRevoked }.count == 1,
                    "\(context): \(seen.events.map(\.kind))")
            #expect(!premium, "\(context): locked again")
            guard case .array(let taken)? = seen.defaults[SampleApp.takenBackKey] else {
                Issue.record("\(context): nothing taken back")
                return
            }
            #expect(taken == shared.map { .string($0.id) }, "\(context): taken back once")
            #expect(seen.records.queue.isEmpty && seen.delivered.isEmpty, "\(context): nothing waiting")
        case .restore:
            #expect(premium, "\(context): restored")
            #expect(!seen.transactions(of: Self.premiumID, .restored).isEmpty, "\(context)")
        case .reset:
            #expect(seen.history.isEmpty && seen.defaults.isEmpty, "\(context): reset")
        case .renewals:
            #expect(credits == 15, "\(context): each pack delivered once")
            let expiry = seen.defaults[Self.monthlyID]?.stringValue.flatMap(JSONCoding.parse)
            #expect(expiry != nil && expiry == seen.records.latestExpiry(of: Self.monthlyID), "\(context): the latest renewal delivered")
            #expect(seen.transactions(of: Self.monthlyID, .purchased).count == 1 + 10 * 12, "\(context): renewed once a month")
            #expect(seen.records.queue.isEmpty && seen.delivered.isEmpty, "\(context): nothing waiting")
        case .billingRecovery:
            expectSubscription(seen, Self.monthlyID, state: .subscribed, context: context)
            // The free trial, then the renewal the recovery charged.
            #expect(seen.transactions(of: Self.monthlyID, .purchased).count == 2, "\(context): renewed once")
        case .billingRetryRecovery:
            expectSubscription(seen, Self.liteID, state: .subscribed, context: context)
            expectPrices(lite, [Self.litePrice, Self.litePrice], context: context)
            // Recovered in billing retry: the billing cycle starts again on the recovery date.
            let recovery = try #require(lite.last?.purchaseDate, "\(context)")
            #expect(status?.expiresDate == Calendar.gregorianUTC.date(byAdding: .month, value: 1, to: recovery),
                    "\(context): a month from the recovery on \(recovery): \(String(describing: status))")
        case .billingRetryExpiry, .cancelAndExpire, .priceIncreaseDeclined, .priceIncreaseRefused:
            expectSubscription(seen, Self.liteID, state: .expired, context: context)
            expectPrices(lite, [Self.litePrice], context: context)  // never renewed
        case .unfinishedRenewalDeleted, .historyCleared:
            // Gone whole, once: nothing left to hand the app, which kept no state of it.
            #expect(seen.history.isEmpty && seen.records.subscriptions.isEmpty, "\(context): \(seen.history)")
            #expect(seen.records.queue.isEmpty && seen.delivered.isEmpty, "\(context): nothing waiting")
            let deleted = self == .historyCleared ? ["1000000001"] : ["1000000002", "1000000001"]
            #expect(seen.events.filter { $0.kind == .transactionDeleted }.compactMap(\.transactionID) == deleted, "\(context)")
            #expect(seen.events.filter { $0.kind == .purchaseHistoryCleared }.count == (self == .historyCleared ? 1 : 0), "\(context)")
            #expect(seen.defaults[SampleApp.stateKey(Self.liteID)] == nil, "\(context): \(seen.defaults)")
            let expiry = seen.defaults[Self.liteID]?.stringValue.flatMap(JSONCoding.parse)
            let deletion = seen.events.last { $0.kind == .transactionDeleted }?.date
            #expect(expiry != nil && deletion != nil && expiry! <= deletion!, "\(context): no access past the deletion")
        case .renewalDeleted:
            expectSubscription(seen, Self.liteID, state: .subscribed, context: context)
            // The first purchase and the renewal made again after the deletion, each once.
            expectPrices(lite, [Self.litePrice, Self.litePrice], context: context)
            #expect(!seen.history.contains { $0.id == "1000000002" } && lite.last?.reason == .renewal, "\(context): \(lite)")
        case .outsideCancelled:
            expectSubscription(seen, Self.liteID, state: .expired, context: context)
            // The first purchase and the one outside the app, once; neither renewed.
            expectPrices(lite, [Self.litePrice, Self.litePrice], context: context)
            #expect(lite.map(\.reason) == [.purchase, .outsideApp], "\(context): \(lite.map(\.reason))")
        case .planChanges:
            expectSubscription(seen, Self.liteID, state: .subscribed, context: context)
            #expect(seen.transactions(of: Self.monthlyID, .purchased).count == 1, "\(context): upgraded once")
            // The first purchase and the renewal to it: the downgrade makes no transaction.
            #expect(lite.count == 2, "\(context): downgraded and renewed once")
            #expect(seen.events.last?.productID == Self.liteID, "\(context): renewed to the lower plan")
            // No id used up by the downgrade: the renewal's follows the last transaction before it.
            let numbers = seen.history.compactMap { Int($0.id) }.sorted()
            #expect(numbers.count >= 2 && numbers[numbers.count - 1] == numbers[numbers.count - 2] + 1, "\(context): \(numbers)")
        case .downgradeCalledOff:
            expectSubscription(seen, Self.liteID, state: .subscribed, context: context)
            #expect(seen.transactions(of: Self.monthlyID, .purchased).count == 1, "\(context): bought once")
            #expect(lite.count == 1 && lite.first?.reason == .renewal, "\(context): renewed once, the changes made no transaction")
            // Only the purchase (and a sheet a kill left open, cancelled) used an id before the renewal's.
            let numbers = seen.history.compactMap { Int($0.id) }.sorted()
            #expect(numbers.count >= 2 && numbers[numbers.count - 1] == numbers[numbers.count - 2] + 1, "\(context): \(numbers)")
        case .expireAndResubscribe:
            expectSubscription(seen, Self.liteID, state: .subscribed, context: context)
            expectPrices(lite, [Self.litePrice, Self.litePrice], context: context)
            // A resubscribe is a purchase, not a renewal, of the same subscription.
            #expect(lite.map(\.reason) == [.purchase, .purchase], "\(context): \(lite.map(\.reason))")
            #expect(lite.allSatisfy { $0.originalID ?? $0.id == lite.first?.id }
                    && status?.originalTransactionID == lite.first?.id, "\(context): the original transaction kept")
        case .promotionalOffer:
            expectSubscription(seen, Self.monthlyID, state: .subscribed, context: context)
            // Resubscribed once, with the offer, its nonce used once.
            let monthly = seen.transactions(of: Self.monthlyID, .purchased)
            #expect(monthly.count == 2 && monthly.last?.offer?.id == "COMEBACK", "\(context): \(monthly)")
            // A purchase killed while its sheet was open has failed, its nonce used up with it.
            let purchased = Set(monthly.map(\.id))
            #expect(seen.records.promotionalOfferRedemptions.filter { purchased.contains($0.transactionID) }.map(\.transactionID)
                    == monthly.suffix(1).map(\.id), "\(context)")
        case .offerCodeAtRenewal:
            expectSubscription(seen, Self.yearlyID, state: .subscribed, context: context)
            // The code redeemed once, the renewal at its price once.
            let yearly = seen.transactions(of: Self.yearlyID, .purchased)
            #expect(yearly.count == 2 && yearly.last?.offer?.id == "LOYALYEAR" && yearly.last?.reason == .renewal, "\(context): \(yearly)")
        case .priceIncreaseAgreed, .priceIncreaseWithoutConsent:
            expectSubscription(seen, Self.liteID, state: .subscribed, context: context)
            // Renewed once, at the new price.
            expectPrices(lite, [Self.litePrice, Self.raisedPrice], context: context)
            #expect(status?.priceIncreaseStatus == .noIncreasePending, "\(context): \(String(describing: status))")
        case .liveChanges:
            expectSubscription(seen, Self.liteID, state: .expired, context: context)
            expectPrices(lite, [Self.litePrice, Self.litePrice], context: context)  // the recovery's renewal once
        case .refund:
            // Each revoked once, each taken back once: 20 credits less the 10 refunded, premium locked.
            #expect(seen.events.filter { $0.kind == .refunded }.compactMap(\.transactionID) == ["1000000001", "1000000003"], "\(context)")
            #expect(credits == 10, "\(context): the credits taken back once")
            #expect(!premium, "\(context): locked again")
            let takenBack = seen.defaults[SampleApp.takenBackKey].flatMap { value -> [String]? in
                if case .array(let ids) = value { ids.compactMap(\.stringValue) } else { nil }
            }
            #expect(takenBack == ["1000000001", "1000000003"], "\(context): \(String(describing: takenBack))")
        case .deleteTransaction:
            // Gone from the history, once; the app is not told and keeps what it delivered.
            #expect(!seen.history.contains { $0.id == "1000000003" }, "\(context)")
            #expect(seen.events.filter { $0.kind == .transactionDeleted }.count == 1, "\(context)")
            #expect(premium && credits == 20, "\(context)")
        case .refundRequest:
            // Each request once, each answer once: the credits refunded and taken back, the premium kept.
            #expect(seen.events.filter { $0.kind == .refundRequested }.compactMap(\.transactionID) == ["1000000001", "1000000002"], "\(context)")
            #expect(seen.events.filter { $0.kind == .refunded }.compactMap(\.transactionID) == ["1000000001"], "\(context)")
            #expect(seen.events.filter { $0.kind == .refundDeclined }.compactMap(\.transactionID) == ["1000000002"], "\(context)")
            #expect(seen.records.refundRequests.map(\.status) == [.approved, .declined], "\(context)")
            #expect(credits == 0 && premium, "\(context): the credits taken back once, the premium kept")
        }
    }

    /// Right after a kill, before anything recovers: each change the store made is whole, its
    /// event written with it. The events are the flow's so far, in order; each names a
    /// transaction the store holds; the status says what the latest event did.
    func expectWholeChanges(_ seen: CrashCheck.Seen, context: String) throws {
        guard !subscriptionEvents.isEmpty else { return }
        let kinds = seen.events.map(\.kind).filter { $0 != .purchaseFailed }
        #expect(Array(subscriptionEvents.prefix(kinds.count)) == kinds, "\(context): the store's events \(kinds)")
        #expect(seen.events.map(\.id) == Array(Int64(1)..<Int64(seen.events.count + 1)), "\(context)")
        let ids = Set(seen.history.map(\.id))
        // A transaction deleted from the history keeps the events that made it; its deletion's names it.
        let deleted = Set(seen.events.filter { $0.kind == .transactionDeleted }.compactMap(\.transactionID))
        for event in seen.events where !(event.transactionID.map(deleted.contains) ?? false) {
            #expect(event.transactionID.map(ids.contains) ?? true, "\(context): event \(event.id) \(event.kind) names a transaction the store lacks")
        }
        // A subscription whose original is deleted (or whose history is cleared) is gone, with
        // every transaction of it.
        if kinds.last == .purchaseHistoryCleared
            || (kinds.last == .transactionDeleted && operations.last?.events.allSatisfy({ $0 == .transactionDeleted }) == true) {
            #expect(seen.records.subscriptions.isEmpty && ids.isEmpty && seen.records.queue.isEmpty, "\(context): all gone")
            return
        }
        let status = try #require(seen.records.subscriptions.first, "\(context): a subscription status")
        #expect(ids.contains(status.latestTransactionID), "\(context): the status names a transaction the store lacks")
        let paid = status.state == .subscribed && status.autoRenewProductID == status.productID
        let whole: Bool = switch kinds.last {
        case .subscribed?, .upgraded?, .renewed?, .recovered?:
            paid && status.willAutoRenew && status.priceIncreaseStatus == .noIncreasePending
        case .renewalFailed?:
            status.state == (seen.records.settings.gracePeriod == .off ? .inBillingRetryPeriod : .inGracePeriod)
        case .gracePeriodExpired?: status.state == .inBillingRetryPeriod
        case .renewalPreferenceChanged?: status.state == .subscribed && status.autoRenewProductID == seen.events.last(where: { $0.kind != .purchaseFailed })?.details.toProductID
        case .autoRenewDisabled?: status.state == .subscribed && !status.willAutoRenew
        case .offerRedeemed?: paid && status.willAutoRenew
        case .expired?: status.state == .expired && status.expirationReason == expirationReason && !status.willAutoRenew
        case .priceIncreasePending?: paid && status.priceIncreaseStatus == .pending
        case .priceIncreaseAgreed?: paid && status.priceIncreaseStatus == .agreed
        case .priceIncreased?: paid && status.priceIncreaseStatus == .noIncreasePending
        default: false
        }
        #expect(whole, "\(context): after \(kinds.last.map { "\($0)" } ?? "no event") the status is \(status)")
        if kinds.last == .upgraded || kinds.last == .renewed || kinds.last == .recovered {
            #expect(status.productID == seen.events.last?.productID, "\(context): \(status)")
            #expect(status.latestTransactionID == seen.events.last?.transactionID, "\(context): \(status)")
        }
    }

    /// A subscription flow's end: the store's status is the flow's (its state, why it expired,
    /// auto-renew), the app holds where it stands and when access ends (the latest period's end
    /// while it lasts), and the store's events are the flow's, each once, numbered 1, 2, 3…
    private func expectSubscription(_ seen: CrashCheck.Seen, _ productID: String, state: RenewalState, context: String) {
        let status = seen.records.subscriptions.first
        let reason = state == .expired ? expirationReason : nil
        #expect(seen.records.subscriptions.count == 1 && status?.productID == productID && status?.state == state
                && status?.expirationReason == reason && status?.willAutoRenew == (state != .expired),
                "\(context): the subscription is \(productID) \(state) \(reason.map { "(\($0))" } ?? ""), not \(seen.records.subscriptions)")
        let expiry = seen.defaults[productID]?.stringValue.flatMap(JSONCoding.parse)
        if state == .expired {
            #expect(expiry != nil && expiry == status?.expiresDate, "\(context): the app holds when \(productID) expired")
        } else {
            #expect(expiry != nil && expiry == seen.records.latestExpiry(of: productID),
                    "\(context): the app holds the latest period's end of \(productID)")
        }
        let appState = state.rawValue + (reason.map { " (\($0.rawValue))" } ?? "")
        #expect(seen.defaults[SampleApp.stateKey(productID)]?.stringValue == appState, "\(context)")
        #expect(seen.records.queue.isEmpty && seen.delivered.isEmpty, "\(context): nothing waiting")
        // A purchase killed while its sheet was open has failed (and is bought again): one at most.
        let events = seen.events.map { "\($0.id) \($0.kind.rawValue)" }
        let kinds = seen.events.map(\.kind)
        #expect(kinds.filter { $0 != .purchaseFailed } == subscriptionEvents, "\(context): the store's events \(events)")
        #expect(kinds.filter { $0 == .purchaseFailed }.count <= 1, "\(context): the store's events \(events)")
        #expect(seen.events.map(\.id) == Array(Int64(1)..<Int64(seen.events.count + 1)), "\(context): the store's events \(events)")
    }

    /// Each period paid once, at these prices, in order.
    private func expectPrices(_ transactions: [Transaction], _ prices: [Decimal], context: String) {
        #expect(transactions.map(\.price) == prices, "\(context): paid \(transactions.map { "\($0.id) \($0.price.map { "\($0)" } ?? "-")" })")
    }
}

/// A command the flow kills; approving and resolving name the transaction the flow is waiting on.
enum CrashStep: Sendable {
    case command([String], status: Int32)
    case approveRequest
    case resolveInterruption

    var status: Int32 {
        if case .command(_, let status) = self { return status }
        return 0
    }

    func arguments(_ check: CrashCheck) throws -> [String] {
        switch self {
        case .command(let arguments, _):
            return arguments
        case .approveRequest:
            return ["approve", try #require(try check.look().records.pendingApprovals.first?.id, "an Ask to Buy request")]
        case .resolveInterruption:
            return ["resolve", try #require(try check.look().records.interruptions.first?.id, "an interrupted purchase")]
        }
    }
}

extension CrashStep: Equatable {}
