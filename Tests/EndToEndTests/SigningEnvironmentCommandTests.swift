import Foundation
import Testing

/// The store condition `signing-environment` through the real binary: set, shown by `state`,
/// listed by `set --help`, and a value that is none of its choices refused.
@Suite(.ownThreads) final class SigningEnvironmentCommandTests {
    let cli = BinaryRunner()

    deinit { cli.cleanUp() }

    @Test func itIsXcodeUntilSetAndStateShowsIt() throws {
        #expect(try cli.command("state").stdout.range(of: #"signing-environment +xcode"#, options: .regularExpression) != nil)
        try cli.command("set", "signing-environment", "sandbox")
        #expect(try cli.command("state").stdout.range(of: #"signing-environment +sandbox"#, options: .regularExpression) != nil)
        let help = try cli.command("set", "--help").stdout
        #expect(help.contains("signing-environment xcode|sandbox"), "\(help)")
        let bad = try cli.command("set", "signing-environment", "production", status: 64)
        #expect(bad.stderr.contains("signing-environment takes xcode or sandbox, not \"production\""), "\(bad.summary)")
    }
}
