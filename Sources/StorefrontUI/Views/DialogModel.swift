import Foundation
import StoreKitSim

/// A modal dialog as data: the purchase sheet, alerts and content are all drawn by one
/// view from this, and mouse clicks find their buttons from the same numbers.
struct DialogModel {
    struct Line {
        var text: String
        var style: Style = .plain
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
        lines.flatMap { line in TextWrap.lines(line.text, width: inner).map { Line(text: $0, style: line.style) } }
    }

    /// Whether a click at (x, y) is on `label` where it stands in the dialog's text (the
    /// quantity stepper's [−] and [+]).
    func isClick(on label: String, x: Int, y: Int, layout: Layout) -> Bool {
        let box = box(in: layout)
        let lines = wrapped(box.width - 4)
        guard lines.indices.contains(y - box.y - 1), let range = lines[y - box.y - 1].text.range(of: label) else { return false }
        let text = lines[y - box.y - 1].text
        let start = box.x + 2 + DisplayWidth.of(String(text[..<range.lowerBound]))
        return (start..<start + DisplayWidth.of(label)).contains(x)
    }
}

extension DialogModel {
    /// The dialog the state shows, if any.
    init?(_ state: AppState) {
        switch state.mode {
        case .sheet(let sheet): self.init(sheet: sheet, state: state)
        case .alert(let alert): self.init(alert: alert)
        case .content(let viewer): self.init(viewer: viewer, state: state)
        case .restoring:
            let spin = Spinner.frame(state.spinner)
            self.init(title: "App Store", lines: [Line(text: "\(spin) Restoring purchases…", style: .bold)],
                      buttons: [], focus: 0, frame: .tint(.accent), width: 40)
        default: return nil
        }
    }

    init(alert: Alert) {
        var lines = [Line(text: alert.message)]
        if let detail = alert.detail { lines += [Line(text: ""), Line(text: detail, style: .dim)] }
        let tint: Tint = switch alert.kind {
        case .success: .success
        case .failure, .confirmDelete: .danger
        case .askToBuy: .warning
        case .info, .signIn, .alreadyPurchased: .accent
        }
        self.init(title: alert.title, lines: lines, buttons: alert.buttons, focus: alert.focus, frame: .tint(tint))
    }

    init(sheet: PurchaseSheet, state: AppState) {
        let settings = state.snapshot.settings
        guard let product = state.product(in: sheet) else {
            self.init(title: "App Store", lines: [Line(text: sheet.productID)], buttons: ["Cancel"], focus: 0, frame: .plain)
            return
        }
        var lines = [Line(text: product.localizedTitle, style: .bold), Line(text: product.localizedDescription), Line(text: "")]
        lines.append(Line(text: "Account   \(settings.account ?? "not signed in")"))
        if product.maximumQuantity > 1 {
            lines.append(Line(text: "Price     \(product.formattedPrice) each"))
            let hint = sheet.stage == .confirm ? "   (+/− to change, 1–\(product.maximumQuantity))" : ""
            lines.append(Line(text: "Quantity  [−] \(sheet.quantity) [+]\(hint)", style: .bold))
            lines.append(Line(text: "Total     \(product.formattedPrice(quantity: sheet.quantity))", style: .bold))
        } else {
            lines.append(Line(text: "Price     \(product.formattedPrice)\(Self.terms(product))", style: .bold))
        }
        if state.snapshot.settings.askToBuy {
            lines.append(Line(text: "Ask to Buy is on: a parent must approve.", style: .tint(.warning)))
        }
        switch sheet.stage {
        case .confirm:
            // The App Store's sheet says Subscribe for a subscription.
            let action = product.subscriptionPeriod == nil ? "Buy" : "Subscribe"
            self.init(title: "App Store", lines: lines, buttons: ["Cancel", action], focus: sheet.focus, frame: .tint(.accent))
        case .purchasing:
            lines += [Line(text: ""), Line(text: "\(Spinner.frame(state.spinner)) Purchasing…", style: .tint(.accent, bold: true))]
            self.init(title: "App Store", lines: lines, buttons: [], focus: 0, frame: .tint(.accent))
        case .interrupted:
            let terms = [Line(text: "Review Updated Terms", style: .bold),
                         Line(text: "The App Store needs you to agree to its updated Terms and Conditions before this purchase of \(product.localizedTitle) can complete."),
                         Line(text: ""),
                         Line(text: "StoreKit reported the purchase as failed (interrupted); agreeing completes it as a new transaction.", style: .dim)]
            self.init(title: "App Store", lines: terms, buttons: ["Not Now", "Agree"], focus: sheet.focus, frame: .tint(.warning))
        }
    }

    static func terms(_ product: Product) -> String {
        guard let period = product.subscriptionPeriod else { return "" }
        let per = period.value == 1 ? period.displayName.replacingOccurrences(of: "1 ", with: "") : period.displayName
        if let trial = product.freeTrial { return " / \(per) after a \(trial.displayName) free trial" }
        return product.type == .nonRenewing ? " for \(period.displayName), does not renew" : " / \(per)"
    }

    init(viewer: ContentViewer, state: AppState) {
        switch viewer.subject {
        case .item(let item):
            let text = item.text(in: state.language)
            self.init(title: text.title, lines: [Line(text: text.body)], buttons: ["Close"], focus: 0, frame: .tint(.accent))
        case .credits:
            let balance = state.snapshot.credits
            let lines = [Line(text: "\(balance) credit\(balance == 1 ? "" : "s")", style: .tint(.accent, bold: true)),
                         Line(text: ""),
                         Line(text: balance > 0 ? "Spending one is what consumes a consumable: buy packs again to top up."
                                                : "No credits left. Buy a credit pack to top up.")]
            let buttons = viewer.buttons(credits: balance)
            self.init(title: "Your Credits", lines: lines, buttons: buttons, focus: min(viewer.focus, buttons.count - 1),
                      frame: .tint(.accent))
        case .subscription(let id):
            let expiry = state.snapshot.subscriptionExpiries[id]
            let lines = [Line(text: state.title(of: id), style: .bold),
                         Line(text: "Active until \(expiry.map(state.times.dateTime) ?? "—")"),
                         Line(text: ""),
                         Line(text: "The app keeps this date in UserDefaults.json under \(id).", style: .dim)]
            self.init(title: "Subscription", lines: lines, buttons: ["Close"], focus: 0, frame: .tint(.success))
        }
    }
}

enum Spinner {
    static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    static func frame(_ n: Int) -> String { frames[n % frames.count] }
}

