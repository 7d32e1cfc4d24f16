import Foundation
import AppStoreCore

/// Family Sharing's steps, in the command line's words: `family create ACCOUNT`, `family add
/// ACCOUNT [to ORGANIZER]`, `family remove ACCOUNT`, `family leave`, `family share PRODUCT
/// on|off [by PURCHASER]`, `family buy ACCOUNT PRODUCT`.
extension WalkthroughParser {
    static let familyVerbs = ["family"]
    static let familyActions = ["create", "add", "remove", "leave", "share", "buy"]

    var familyExample: String { "family share com.storefront.premium off" }

    func family(_ r: inout StepReader) throws(LineProblem) -> StepAction {
        let actions = Self.familyActions
        let action = try r.required("a family action: \(actions.joined(separator: ", "))", suggestion: "family create parent@example.com")
        func account(_ what: String) throws(LineProblem) -> String {
            let token = try r.required("\(what) after family \(action.text)", suggestion: r.source + " parent@example.com")
            return token.text
        }
        switch action.quoted ? "" : action.text.lowercased() {
        case "create":
            let organizer = try account("the organizer's account")
            try r.end()
            return .operation(.createFamily(organizer: organizer))
        case "add":
            let member = try account("the account to add")
            var organizer: String?
            if let word = r.next() {
                guard word.isWord("to") else {
                    throw LineProblem(word.column, "expected `to ORGANIZER` after the account", suggestion: r.replacing(r.index - 1, with: "to"))
                }
                organizer = try r.required("the organizer after to", suggestion: r.source + " parent@example.com").text
            }
            try r.end()
            return .operation(.addFamilyMember(account: member, organizer: organizer))
        case "remove":
            let member = try account("the account to remove")
            try r.end()
            return .operation(.removeFamilyMember(account: member))
        case "leave":
            try r.end()
            return .operation(.removeFamilyMember(account: nil))
        case "share":
            let productID = try anyProduct(&r, after: "family share", example: familyExample)
            let on = try onOrOff(&r, what: "family share", suggestion: r.source + " off")
            var purchaser: String?
            if let word = r.next() {
                guard word.isWord("by") else {
                    throw LineProblem(word.column, "expected `by PURCHASER` after on or off", suggestion: r.replacing(r.index - 1, with: "by"))
                }
                purchaser = try r.required("the purchaser after by", suggestion: r.source + " parent@example.com").text
            }
            try r.end()
            return .operation(.familySharing(productID: productID, on: on, account: purchaser))
        case "buy":
            let member = try account("the family member's account")
            let productID = try anyProduct(&r, after: "family buy \(member)", example: "family buy \(member) com.storefront.premium")
            try r.end()
            return .operation(.familyPurchase(account: member, productID: productID))
        default:
            throw LineProblem(action.column, "expected a family action: \(actions.joined(separator: ", "))",
                              suggestion: r.replacing(r.index - 1, with: Nearest.to(action.text, in: actions) ?? "create"))
        }
    }
}
