import Foundation

/// Family Sharing, as the App Store does it: a purchase of a family-shareable product is the
/// purchaser's (`OwnershipType.purchased`), and every other member of the purchaser's family
/// gets a transaction of its own for it (`familyShared`, a new id naming the purchase it
/// shares), which reaches that member's app as an update, is restored, owned and listed in
/// its receipt. When the purchase stops being shared with a member (refunded, deleted, its
/// purchaser turned sharing off or left the family, the member left) the member's transaction
/// is revoked (`RevocationType.familyRevoke`); a member's own purchases never are.
///
/// One rule (`shareWithFamilies`) decides both, from the records as they are after any change,
/// so every way in (a purchase, a renewal, a refund, a family change) shares and revokes alike.
/// A non-consumable is shared once; an auto-renewable subscription period by period: each
/// member gets a transaction for the purchaser's current period, a renewal of its own with
/// each renewal, and sees the purchaser's status through it (`familyStatuses(of:)`).
extension StoreWorkingSet {
    /// The family `account` is in, if any.
    public func family(of account: String?) -> Family? { Family.of(account, in: families) }

    /// Whether `account` shares its purchases of `productID` with its family (on unless turned off).
    public func shares(_ productID: String, account: String?) -> Bool {
        SharingStop.shares(productID, account: account, stops: sharingStops)
    }

    /// Whether Family Sharing applies to `productID`: marked shareable, and a non-consumable
    /// or an auto-renewable subscription.
    public static func isShared(_ productID: String, catalog: Catalog) -> Bool {
        guard let product = catalog.product(productID) else { return false }
        return product.familyShareable && (product.type == .nonConsumable || product.type == .autoRenewable)
    }

    /// `organizer` starts a family of its own.
    package mutating func createFamily(organizer: String, catalog: Catalog, now: Date) throws {
        let organizer = organizer.trimmingCharacters(in: .whitespaces)
        guard !organizer.isEmpty else { throw FamilyError.noAccount }
        if let family = family(of: organizer) { throw FamilyError.alreadyInFamily(organizer, organizer: family.organizer) }
        families.append(Family(organizer: organizer))
        newEvents.append(StoreEvent(date: now, kind: .familyJoined, account: organizer, productID: nil))
    }

    /// `account` joins the family `host` is in (nil: no account to join, refused).
    package mutating func addFamilyMember(_ account: String, host: String?, catalog: Catalog, now: Date) throws {
        let account = account.trimmingCharacters(in: .whitespaces)
        guard !account.isEmpty else { throw FamilyError.noAccount }
        guard let host else { throw FamilyError.noAccount }
        guard let f = families.firstIndex(where: { $0.contains(host) }) else { throw FamilyError.notInFamily(host) }
        if let family = family(of: account) { throw FamilyError.alreadyInFamily(account, organizer: family.organizer) }
        guard families[f].members.count < Family.maximumMembers else { throw FamilyError.familyFull(organizer: families[f].organizer) }
        families[f].members.append(account)
        newEvents.append(StoreEvent(date: now, kind: .familyJoined, account: account, productID: nil))
        try shareWithFamilies(catalog: catalog, now: now)
    }

    /// `account` leaves its family (removed by the organizer, or leaving itself). The
    /// organizer leaving ends the family: every member leaves with it.
    package mutating func removeFamilyMember(_ account: String, catalog: Catalog, now: Date) throws {
        guard let f = families.firstIndex(where: { $0.contains(account) }) else { throw FamilyError.notInFamily(account) }
        let leaving = families[f].organizer == account ? families[f].accounts : [account]
        if leaving.count > 1 { families.remove(at: f) } else { families[f].members.removeAll { $0 == account } }
        for member in leaving {
            newEvents.append(StoreEvent(date: now, kind: .familyLeft, account: member, productID: nil))
        }
        try shareWithFamilies(catalog: catalog, now: now)
    }

    /// `account` (nil: none, refused) turns sharing of its purchases of `productID` (a
    /// subscription: of its group) on or off: an account in a family, which bought it.
    package mutating func setFamilySharing(_ productID: String, on: Bool, account: String?, catalog: Catalog, now: Date) throws {
        guard let account else { throw FamilyError.noAccount }
        guard catalog.product(productID) != nil else { throw StoreAdminError.noSuchProduct(productID) }
        guard Self.isShared(productID, catalog: catalog) else { throw FamilyError.notShareable(productID) }
        guard family(of: account) != nil else { throw FamilyError.notInFamily(account) }
        // A subscription is shared or not as a whole: every plan of its group alike, so a
        // plan change does not share again what was stopped.
        let group = catalog.product(productID)?.subscriptionGroupID
        let plans = group.map { g in catalog.products.filter { $0.subscriptionGroupID == g }.map(\.id) } ?? [productID]
        let bought = transactions.contains {
            $0.account == account && plans.contains($0.productID) && !$0.isFamilyShared && $0.queueState.state == .purchased
        }
        guard bought else { throw FamilyError.notPurchased(account, productID: productID) }
        let stops = plans.map { SharingStop(account: account, productID: $0) }
        guard on == stops.contains(where: sharingStops.contains) else { return }
        if on { sharingStops.removeAll(where: stops.contains) } else { sharingStops += stops.filter { !sharingStops.contains($0) } }
        newEvents.append(StoreEvent(date: now, kind: on ? .familySharingOn : .familySharingOff, account: account, productID: productID))
        try shareWithFamilies(catalog: catalog, now: now)
    }

    /// The one rule: revokes each family-shared transaction whose purchase no longer shares
    /// with its account, then gives each member lacking a shared product a transaction for
    /// it. Unfinished, so the member's app hears of it, live or at its next launch.
    package mutating func shareWithFamilies(catalog: Catalog, now: Date) throws {
        // A member's re-download of a shared copy goes with it, heard as one revocation.
        var announced: Set<String> = []
        for i in transactions.indices where transactions[i].isFamilyShared && transactions[i].queueState.state == .purchased && !transactions[i].isRevoked {
            let t = transactions[i]
            let source = t.sharedTransactionID.flatMap { id in transactions.last { $0.id == id } }
            // A shared period that ended stays as it was; one the purchaser upgraded from ends
            // as the purchaser's did (`isUpgraded`), the new plan's period shared in its place.
            if let end = t.expirationDate, end <= now { continue }
            if t.isUpgraded == true { continue }
            if let source, source.isUpgraded == true {
                transactions[i].markUpgraded()
                continue
            }
            if let source, sharingSource(source, catalog: catalog),
               family(of: source.account)?.contains(t.account ?? "") == true { continue }
            transactions[i].revoke(.familyRevoke(at: now))
            guard announced.insert(t.purchaseID).inserted else { continue }
            newEvents.append(StoreEvent(date: now, kind: .familyRevoked, account: t.account, productID: t.productID,
                                        transactionID: t.purchaseID, originalTransactionID: t.originalID ?? t.id,
                                        details: StoreEventDetails(revocationReason: .other, revocationType: .familyRevoke)))
        }
        guard !families.isEmpty else { return }
        try shareSubscriptions(catalog: catalog, now: now)
        for source in transactions where catalog.product(source.productID)?.type == .nonConsumable && sharingSource(source, catalog: catalog) {
            guard let family = family(of: source.account) else { continue }
            for member in family.accounts where member != source.account && !holds(source.productID, account: member) {
                give(try sharedCopy(of: source, for: member, purchasedAt: now), at: now)
            }
        }
    }

    /// `member`'s transaction sharing `source`: its purchase facts, the member's, paid nothing,
    /// a purchase of the member's own from `purchaseDate`. `reason` and `adjust` make a
    /// subscription period's copy (`shareSubscriptions`).
    mutating func sharedCopy(of source: Transaction, for member: String, purchasedAt purchaseDate: Date,
                             reason: TransactionReason = .purchase, originalTransactionID: String? = nil,
                             adjust: (inout PurchaseFacts) -> Void = { _ in }) throws -> Transaction {
        var facts = source.purchaseFacts
        facts.purchaseDate = purchaseDate
        facts.price = 0
        // A subscription's period is the copy's to say (`shareSubscriptions`), and no trial.
        facts.expirationDate = nil
        facts.isTrialPeriod = nil
        adjust(&facts)
        return Transaction(id: try makeTransactionID(), payment: Payment(productID: source.productID), state: .purchased,
                           date: purchaseDate, account: member, reason: reason, originalTransactionID: originalTransactionID,
                           ownershipType: .familyShared, sharedTransactionID: source.id, purchaseFacts: facts,
                           isUpgraded: source.isUpgraded)
    }

    /// Adds `shared`, unfinished, with the event the member's app hears it by.
    mutating func give(_ shared: Transaction, at date: Date) {
        transactions.append(shared)
        newEvents.append(StoreEvent(date: date, kind: .familyShared, account: shared.account, productID: shared.productID,
                                    transactionID: shared.id, originalTransactionID: shared.originalID ?? shared.id,
                                    details: StoreEventDetails(storefront: shared.storefront)))
    }

    /// A purchase its purchaser shares: its own, completed, not taken back, of a shared
    /// product, by an account in a family that did not turn sharing of it off.
    func sharingSource(_ t: Transaction, catalog: Catalog) -> Bool {
        t.queueState.state == .purchased && !t.isRevoked && !t.isFamilyShared && t.reason != .redownload
            && Self.isShared(t.productID, catalog: catalog) && family(of: t.account) != nil && shares(t.productID, account: t.account)
    }

    /// Whether `account` has a completed, unrevoked transaction of `productID` (its own or shared).
    private func holds(_ productID: String, account: String) -> Bool {
        transactions.contains { $0.account == account && $0.productID == productID && $0.queueState.state == .purchased && !$0.isRevoked }
    }

    /// `account` (a family member on their own device) buys `productID` there: the purchase is
    /// that account's, delivered and finished by the app on that device (it can be refunded at
    /// once); the family shares it.
    package mutating func buyAsFamilyMember(_ account: String, productID: String, catalog: Catalog, now: Date) throws -> Transaction {
        guard family(of: account) != nil else { throw FamilyError.notInFamily(account) }
        let bought = try buyOutsideApp(Payment(productID: productID), account: account, catalog: catalog, now: now)
        guard let i = index(of: bought.id) else { return bought }
        if transactions[i].queueState.state == .purchased { transactions[i].queueState.finished = true }
        return transactions[i]
    }
}
