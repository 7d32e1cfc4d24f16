import Foundation
import Testing

/// `storefront doctor` and the commands apply one rule to a store: no command leaves a store
/// doctor refuses, and a store doctor passes is one every command uses, while one it refuses
/// is refused by every command before anything is written.
@Suite(.ownThreads) final class DoctorAgreementTests {
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    /// `storefront doctor` on `directory` passes it (exit 0, "ok" or "none yet").
    private func expectDoctorPasses(_ directory: URL, after context: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let doctor = try cli.run(arguments: ["--data-dir", directory.path, "doctor"])
        #expect(doctor.status == 0, "doctor after \(context): \(doctor.summary)", sourceLocation: sourceLocation)
    }

    /// Runs each command on `directory` at the fixed start, expecting `status`, and doctor after each.
    private func walk(_ directory: URL, _ commands: [([String], Int32)], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (arguments, status) in commands {
            let result = try cli.run(arguments: ["--data-dir", directory.path] + arguments, environment: BinaryRunner.fixedStart)
            try #require(result.status == status, "\(result.summary)", sourceLocation: sourceLocation)
            try expectDoctorPasses(directory, after: "storefront \(arguments.joined(separator: " "))", sourceLocation: sourceLocation)
        }
    }

    // MARK: No command leaves a store doctor refuses

    /// Every step of every crash-test flow, as the flow runs it whole, leaves a store doctor passes.
    @Test(arguments: CrashFlow.allCases)
    func everyCrashFlowStepLeavesAStoreDoctorPasses(flow: CrashFlow) throws {
        let runner = BinaryRunner()
        defer { runner.cleanUp() }
        let facts = try CatalogFacts(runner)
        try FileManager.default.createDirectory(at: runner.dataDirectory, withIntermediateDirectories: true)
        for step in flow.setup + flow.steps {
            let arguments = try step.arguments(CrashCheck(cli: runner, facts: facts))
            let result = try runner.run(arguments: ["--data-dir", runner.dataDirectory.path] + arguments)
            try #require(result.status == step.status, "\(result.summary)")
            let doctor = try runner.run("doctor")
            #expect(doctor.status == 0, "flow \(flow), after storefront \(arguments.joined(separator: " ")): \(doctor.summary)")
        }
    }

    /// A renewed subscription's first purchase deleted: its renewals and its status still name
    /// it as their original, as the App Store's renewal info does, and doctor accepts that, after
    /// a plan change as after a launch in the grace period.
    @Test func aDeletedFirstPurchaseOfARenewedSubscriptionLeavesAStoreDoctorPasses() throws {
        let monthly = CrashFlow.monthlyID
        let renewed: [([String], Int32)] = [(["set", "latency", "0"], 0), (["buy", monthly], 0), (["advance", "10d"], 0), (["launch"], 0)]
        let planChange = cli.dataDirectory.appendingPathComponent("plan-change")
        try walk(planChange, renewed + [(["delete-transaction", "1000000001"], 0), (["buy", "com.storefront.pro.yearly"], 0),
                                        (["advance", "1mo"], 0), (["launch"], 0)])
        let grace = cli.dataDirectory.appendingPathComponent("grace")
        try walk(grace, renewed + [(["set", "billing-retry", "on"], 0), (["set", "grace-period", "16d"], 0), (["advance", "1mo"], 0),
                                   (["delete-transaction", "1000000001"], 0), (["launch"], 0), (["fix-billing", monthly], 0),
                                   (["launch"], 0)])
    }
}
