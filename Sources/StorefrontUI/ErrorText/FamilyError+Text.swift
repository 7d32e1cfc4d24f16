import AppStoreCore
import Wording

extension FamilyError {
    /// The refusal in `strings`' language, with commands for this data directory.
    public func text(_ strings: Strings) -> String {
        let words = strings.family
        return switch self {
        case .noAccount: words.noAccount
        case .alreadyInFamily(let account, let organizer): words.alreadyInFamily(account, organizer)
        case .notInFamily(let account):
            words.notInFamily(account, CommandLineHint.command("family create ORGANIZER"),
                              CommandLineHint.command("family add ACCOUNT --to ORGANIZER"))
        case .familyFull(let organizer): words.familyFull(organizer, Family.maximumMembers)
        case .notShareable(let id): words.notShareable(id)
        case .notPurchased(let account, let id): words.notPurchased(account, id)
        case .sharedNotRefundable(let id): words.sharedNotRefundable(id)
        }
    }
}
