import SampleApp
import AppStoreCore

extension HeaderView {
    /// Store time, whenever it is not real time (advanced, or running faster): first among
    /// the badges, so a presenter always sees which day the store is at.
    static func clockBadges(_ state: AppState) -> [Badge] {
        catchUpBadges(state) + storeTimeBadges(state)
    }

    /// A store that was behind, catching up: its renewals so far and how far it has got.
    static func catchUpBadges(_ state: AppState) -> [Badge] {
        guard let catchUp = state.snapshot.catchUp else { return [] }
        let reached = state.times.day(catchUp.reached)
        let words = state.strings.screen
        return [Badge(text: words.catchingUp(CatchUpText.count(catchUp.renewals), reached, state.times.day(catchUp.target)),
                      tint: .warning, short: words.catchingUpShort(reached))]
    }

    static func storeTimeBadges(_ state: AppState) -> [Badge] {
        guard !state.snapshot.isRealTime else { return [] }
        let time = "\(state.times.day(state.now)) \(state.times.time(state.now).prefix(5))"
        let rate = state.snapshot.settings.timeRate
        let storeTime = state.strings.screen.storeTime(time)
        let text = rate == .realtime ? storeTime : "\(storeTime) · \(rate)"
        return [Badge(text: text, tint: .accent, short: time)]
    }
}
