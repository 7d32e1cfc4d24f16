import Testing
@testable import StorefrontUI

/// The command lines hints give: for the data directory and catalog in use, as typed.
@Suite struct CommandLineHintTests {
    @Test func hintsGiveTheOptionsInUse() {
        #expect(CommandLineHint().command("pending") == "storefront pending")
        #expect(CommandLineHint(dataDirectory: "/tmp/demo").command("approve 7") == "storefront --data-dir /tmp/demo approve 7")
        #expect(CommandLineHint(dataDirectory: "/tmp/a b", catalog: "/x/it's.storekit").command("state")
                == #"storefront --data-dir '/tmp/a b' --catalog '/x/it'\''s.storekit' state"#)
        #expect(CommandLineHint(dataDirectory: "/tmp/$HOME;rm").command("state") == "storefront --data-dir '/tmp/$HOME;rm' state")
    }

    @Test func theDefaultDataDirectoryIsLeftOut() {
        let environment = ["HOME": "/home/u", "STOREFRONT_DATA_DIR": "/srv/store"]
        #expect(CommandLineHint(dataDirectoryOption: nil, catalogOption: nil, environment: environment).dataDirectory == nil)
        #expect(CommandLineHint(dataDirectoryOption: "/srv/store/", catalogOption: nil, environment: environment).dataDirectory == nil,
                "the same directory, however it was written")
        #expect(CommandLineHint(dataDirectoryOption: "/srv/other", catalogOption: nil, environment: environment).dataDirectory == "/srv/other")
    }
}
