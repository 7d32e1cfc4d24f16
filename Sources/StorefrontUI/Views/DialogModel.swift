import Foundation
import SampleApp
import AppStoreCore
import Wording

/// A modal dialog as data: the purchase sheet, alerts and content are all drawn by one
/// view from this, and mouse clicks find their buttons from the same numbers.
struct DialogModel {
    struct Line {
        var text: String
        var style: Style = .plain
        /// Parts of the text drawn dimmed where they stand: a stepper button that cannot be used.
        var dimmed: [String] = []
    }

    var title: String
    var lines: [Line]
    var buttons: [String]
    var focus: Int
    var frame: Style
    var width = 60

    func box(in layout: Layout) -> Rect {
        let inner = min(width, layout.width - 4) - 4
        let height = wrapped(inner).count + (buttons.isEmpty ? 2 : 4)
        return layout.dialog(width: width, height: height)
    }

    func wrapped(_ inner: Int) -> [Line] {
        lines.flatMap { line in
            TextWrap.lines(line.text, width: inner).map { Line(text: $0, style: line.style, dimmed: line.dimmed) }
        }
    }

    /// Whether a click at (x, y) is on `label` where it stands in the dialog's text (the
    /// quantity stepper's [−] and [+]).
    func isClick(on label: String, x: Int, y: Int, layout: Layout) -> Bool {
        let box = box(in: layout)
        let lines = wrapped(box.width - 4)
        guard lines.indices.contains(y - box.y - 1), let start = Self.column(of: label, in: lines[y - box.y - 1].text) else { return false }
        return (box.x + 2 + start..<box.x + 2 + start + DisplayWidth.of(label)).contains(x)
    }

    /// The column where `label` starts in `text`, if it is there.
    static func column(of label: String, in text: String) -> Int? {
        text.range(of: label).map { DisplayWidth.of(String(text[..<$0.lowerBound])) }
    }
}

extension DialogModel {
    /// The dialog the state shows, if any.
    init?(_ state: AppState) {
        let words = state.strings.sheet
        switch state.mode {
        case .sheet(let sheet): self.init(sheet: sheet, state: state)
        case .refundRequest(let sheet): self.init(refundRequest: sheet, state: state)
        case .alert(let alert): self.init(alert: alert)
        case .redeemCode(let sheet): self.init(redeemCode: sheet, state: state)
        case .content(let viewer): self.init(viewer: viewer, state: state)
        case .restoring where state.snapshot.awaitingSideButton == .restore:
            let labels = Labels(state.strings)
            let lines = [Line(text: words.restorePurchases, style: .bold),
                         Line(text: labels.account(state.snapshot.settings.account ?? words.notSignedIn)),
                         Line(text: ""), Self.sideButtonLine(state.strings)]
            self.init(title: words.appStore, lines: lines, buttons: [], focus: 0, frame: .tint(.accent))
        case .restoring:
            let spin = Spinner.frame(state.spinner)
            self.init(title: words.appStore, lines: [Line(text: "\(spin) \(words.restoring)", style: .bold)],
                      buttons: [], focus: 0, frame: .tint(.accent), width: 40)
        default: return nil
        }
    }

    init(alert: Alert) {
        var lines = [Line(text: alert.message)]
        if case .signIn(_, let accounts, let chosen) = alert.kind, accounts.count > 1 {
            lines.append(Line(text: ""))
            for (i, account) in accounts.enumerated() {
                lines.append(i == chosen ? Line(text: "› \(account)", style: .tint(.accent, bold: true)) : Line(text: "  \(account)"))
            }
        }
        if let detail = alert.detail { lines += [Line(text: ""), Line(text: detail, style: .dim)] }
        let tint: Tint = switch alert.kind {
        case .success: .success
        case .failure, .confirmDelete: .danger
        case .askToBuy: .warning
        case .message(let message): message.reason == .billingIssue ? .warning : .accent
        case .info, .signIn, .alreadyPurchased: .accent
        }
        self.init(title: alert.title, lines: lines, buttons: alert.buttons, focus: alert.focus, frame: .tint(tint))
    }

    init(sheet: PurchaseSheet, state: AppState) {
        let settings = state.snapshot.settings
        let words = state.strings.sheet
        let cancel = state.strings.alerts.cancel
        guard let product = state.product(in: sheet) else {
            self.init(title: words.appStore, lines: [Line(text: sheet.productID)], buttons: [cancel], focus: 0, frame: .plain)
            return
        }
        let labels = Labels(state.strings)
        var lines = [Line(text: product.localizedTitle, style: .bold), Line(text: product.localizedDescription), Line(text: "")]
        lines.append(Line(text: labels.account(settings.account ?? words.notSignedIn)))
        if product.maximumQuantity > 1 {
            lines.append(Line(text: labels.price(words.each(product.formattedPrice))))
            lines.append(Self.stepper(sheet, maximum: product.maximumQuantity, labels: labels))
            lines.append(Line(text: labels.total(product.formattedPrice(quantity: sheet.quantity)), style: .bold))
        } else if let change = PlanChangeTerms(product, state: state) {
            lines += change.lines
        } else if let monthly = state.monthlyPlan(in: sheet) {
            lines += Self.planChoice(sheet, product: product, monthly: monthly, state: state, labels: labels)
        } else if let terms = SubscriptionTerms(product, state: state, promotionalOffer: state.promotionalOffer(in: sheet)) {
            lines += terms.lines
        } else {
            lines.append(Line(text: labels.price(product.formattedPrice), style: .bold))
        }
        lines += [Line(text: ""), Line(text: words.environment, style: .dim)]
        switch sheet.stage {
        case .confirm:
            // The App Store's sheet says Subscribe for an auto-renewable subscription, and Ask
            // when a parent must approve.
            let action = settings.askToBuy ? words.ask : product.type == .autoRenewable ? words.subscribe : words.buy
            self.init(title: words.appStore, lines: lines, buttons: [cancel, action], focus: sheet.focus, frame: .tint(.accent))
        case .askPermission:
            let name = state.title(of: product.id, quantity: sheet.quantity)
            self.init(title: words.askPermission, lines: [Line(text: words.askQuestion(name))], buttons: [cancel, words.ask],
                      focus: sheet.focus, frame: .tint(.warning), width: 50)
        case .purchasing(let id) where state.snapshot.awaitingSideButton == .purchase(transactionID: id):
            lines += [Line(text: ""), Self.sideButtonLine(state.strings)]
            self.init(title: words.appStore, lines: lines, buttons: [], focus: 0, frame: .tint(.accent))
        case .purchasing:
            lines += [Line(text: ""), Line(text: "\(Spinner.frame(state.spinner)) \(words.purchasing)", style: .tint(.accent, bold: true))]
            self.init(title: words.appStore, lines: lines, buttons: [], focus: 0, frame: .tint(.accent))
        case .interrupted:
            let terms = [Line(text: words.reviewTerms, style: .bold),
                         Line(text: words.termsMessage(product.localizedTitle)),
                         Line(text: ""),
                         Line(text: words.termsNote, style: .dim)]
            self.init(title: words.appStore, lines: terms, buttons: [words.notNow, words.agree], focus: sheet.focus,
                      frame: .tint(.warning))
        }
    }

    /// "Quantity  [−]  3 [+]": the number right-aligned in the width of the largest, so no
    /// column moves as it changes; a side that cannot be used (at 1, at the maximum, or once
    /// bought) is dimmed.
    static func stepper(_ sheet: PurchaseSheet, maximum: Int, labels: Labels) -> Line {
        let digits = String(maximum).count
        let number = String(repeating: " ", count: max(0, digits - String(sheet.quantity).count)) + String(sheet.quantity)
        let open = sheet.stage == .confirm
        let hint = open ? "   \(labels.strings.sheet.stepperHint(maximum))" : ""
        var dimmed: [String] = []
        if !open || sheet.quantity <= 1 { dimmed.append("[−]") }
        if !open || sheet.quantity >= maximum { dimmed.append("[+]") }
        return Line(text: labels.quantity("[−] \(number) [+]\(hint)"), style: .bold, dimmed: dimmed)
    }

    /// A yearly subscription sold monthly too: the plan chosen ("Plan  Monthly with 12-month
    /// commitment  (↑/↓ to change)") and its terms: the monthly price, the months and the
    /// total, or the price at once as any subscription states it.
    static func planChoice(_ sheet: PurchaseSheet, product: Product, monthly: BillingPlan, state: AppState, labels: Labels) -> [Line] {
        let words = state.strings.sheet
        let chosen = sheet.billingPlanType == nil ? words.billedUpFront : words.monthlyCommitment
        let hint = sheet.stage == .confirm ? "   \(words.planHint)" : ""
        var lines = [Line(text: labels.plan(chosen + hint), style: .bold)]
        guard sheet.billingPlanType != nil, let info = state.catalog.product(product.id)?.subscription else {
            return lines + (SubscriptionTerms(product, state: state)?.lines ?? [])
        }
        let place = state.storefront
        let perMonth = words.perPeriod(place.format(monthly.price(in: place), locale: state.locale), BillingPlan.monthlyBillingPeriod)
        let total = place.format(info.commitmentPrice(of: monthly, in: place), locale: state.locale)
        lines.append(Line(text: words.commitmentTerms(perMonth, info.commitmentMonths, total), style: .bold))
        lines.append(Line(text: words.commitmentRenews(info.commitmentMonths)))
        return lines
    }

    /// Hold on: the sheet waits for the side button, which Enter stands for.
    static func sideButtonLine(_ strings: Strings) -> Line {
        Line(text: "\(strings.sheet.sideButton) — \(strings.sheet.pressEnter)", style: .tint(.accent, bold: true))
    }

    /// The sheet's labels, each value starting in one column whatever the language's labels
    /// measure: "Account   sandbox.user@example.com", "Price     $0.99".
    struct Labels {
        let strings: Strings
        private let width: Int

        init(_ strings: Strings) {
            self.strings = strings
            let words = strings.sheet
            width = [words.account, words.price, words.total, words.quantity, words.billingPlan].map { DisplayWidth.of($0) }.max().map { $0 + 2 } ?? 0
        }

        func account(_ value: String) -> String { labelled(strings.sheet.account, value) }
        func price(_ value: String) -> String { labelled(strings.sheet.price, value) }
        func total(_ value: String) -> String { labelled(strings.sheet.total, value) }
        func quantity(_ value: String) -> String { labelled(strings.sheet.quantity, value) }
        func plan(_ value: String) -> String { labelled(strings.sheet.billingPlan, value) }

        private func labelled(_ label: String, _ value: String) -> String { DisplayWidth.pad(label, to: width) + value }
    }

    init(viewer: ContentViewer, state: AppState) {
        let words = state.strings.alerts
        switch viewer.subject {
        case .item(let item):
            let text = item.text(in: state.language)
            self.init(title: text.title, lines: [Line(text: text.body)], buttons: [words.close], focus: 0, frame: .tint(.accent))
        case .credits:
            let balance = state.snapshot.credits
            let lines = [Line(text: words.creditCount(balance), style: .tint(.accent, bold: true)),
                         Line(text: ""),
                         Line(text: balance > 0 ? words.spendingConsumes : words.noCreditsLeft)]
            let buttons = viewer.buttons(credits: balance, catalog: state.catalog, strings: state.strings)
            self.init(title: words.creditsTitle, lines: lines, buttons: buttons, focus: min(viewer.focus, buttons.count - 1),
                      frame: .tint(.accent))
        case .subscription(let id):
            let expiry = state.snapshot.subscriptionExpiries[id]
            var lines = [Line(text: state.title(of: id), style: .bold),
                         Line(text: state.strings.store.activeUntil(expiry.map(state.times.dateTime) ?? "—")),
                         Line(text: "")]
            if let product = state.snapshot.product(id), let terms = SubscriptionTerms(product, state: state), terms.extends {
                lines += [Line(text: words.buyingAgainExtends(terms.price, state.localDate(terms.date))), Line(text: "")]
            }
            lines.append(Line(text: words.keepsDate(id), style: .dim))
            let buttons = viewer.buttons(credits: state.snapshot.credits, catalog: state.catalog, strings: state.strings)
            self.init(title: words.subscriptionTitle, lines: lines, buttons: buttons, focus: min(viewer.focus, buttons.count - 1),
                      frame: .tint(.success))
        }
    }
}

enum Spinner {
    static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    static func frame(_ n: Int) -> String { frames[n % frames.count] }
}
