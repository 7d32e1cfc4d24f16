import StoreKitSim

extension HeaderView {
    /// Store time, whenever it is not real time (advanced, or running faster): first among
    /// the badges, so a presenter always sees which day the store is at.
    static func clockBadges(_ state: AppState) -> [Badge] {
        guard !state.snapshot.isRealTime else { return [] }
        let time = "\(state.times.day(state.now)) \(state.times.time(state.now).prefix(5))"
        let rate = state.snapshot.settings.timeRate
        let text = rate == .realtime ? "STORE TIME \(time)" : "STORE TIME \(time) · \(rate)"
        return [Badge(text: text, tint: .accent, short: time)]
    }
}
