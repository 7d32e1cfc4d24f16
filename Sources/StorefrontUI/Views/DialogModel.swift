import Foundation
import StoreKitSim

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
        switch state.mode {
        case .sheet(let sheet): self.init(sheet: sheet, state: state)
        case .alert(let alert): self.init(alert: alert)
        case .content(let viewer): self.init(viewer: viewer, state: state)
        case .restoring where state.snapshot.awaitingSideButton == .restore:
            let lines = [Line(text: "Restore Purchases", style: .bold),
                         Line(text: "Account   \(state.snapshot.settings.account ?? "not signed in")"),
                         Line(text: ""), Self.sideButtonLine]
            self.init(title: "App Store", lines: lines, buttons: [], focus: 0, frame: .tint(.accent))
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
            lines.append(Self.stepper(sheet, maximum: product.maximumQuantity))
            lines.append(Line(text: "Total     \(product.formattedPrice(quantity: sheet.quantity))", style: .bold))
        } else if let terms = SubscriptionTerms(product, state: state) {
            lines += terms.lines
        } else {
            lines.append(Line(text: "Price     \(product.formattedPrice)", style: .bold))
        }
        // As the system sheet names its store when testing ([Environment: Xcode], [Environment: Sandbox]).
        lines += [Line(text: ""), Line(text: "[Environment: storefront]", style: .dim)]
        switch sheet.stage {
        case .confirm:
            // The App Store's sheet says Subscribe for an auto-renewable subscription, and Ask
            // when a parent must approve.
            let action = settings.askToBuy ? "Ask" : product.type == .autoRenewable ? "Subscribe" : "Buy"
            self.init(title: "App Store", lines: lines, buttons: ["Cancel", action], focus: sheet.focus, frame: .tint(.accent))
        case .askPermission:
            let name = state.title(of: product.id, quantity: sheet.quantity)
            let question = [Line(text: "Would you like to ask your family organizer for permission to buy \(name)?")]
            self.init(title: "Ask Permission", lines: question, buttons: ["Cancel", "Ask"], focus: sheet.focus,
                      frame: .tint(.warning), width: 50)
        case .purchasing(let id) where state.snapshot.awaitingSideButton == .purchase(transactionID: id):
            lines += [Line(text: ""), Self.sideButtonLine]
            self.init(title: "App Store", lines: lines, buttons: [], focus: 0, frame: .tint(.accent))
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

    /// "Quantity  [−]  3 [+]": the number right-aligned in the width of the largest, so no
    /// column moves as it changes; a side that cannot be used (at 1, at the maximum, or once
    /// bought) is dimmed.
    static func stepper(_ sheet: PurchaseSheet, maximum: Int) -> Line {
        let digits = String(maximum).count
        let number = String(repeating: " ", count: max(0, digits - String(sheet.quantity).count)) + String(sheet.quantity)
        let open = sheet.stage == .confirm
        let hint = open ? "   (+/− to change, 1–\(maximum))" : ""
        var dimmed: [String] = []
        if !open || sheet.quantity <= 1 { dimmed.append("[−]") }
        if !open || sheet.quantity >= maximum { dimmed.append("[+]") }
        return Line(text: "Quantity  [−] \(number) [+]\(hint)", style: .bold, dimmed: dimmed)
    }

    /// Hold on: the sheet waits for the side button, which Enter stands for.
    static let sideButtonLine = Line(text: "\(SideButton.prompt) — press Enter", style: .tint(.accent, bold: true))

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
            let buttons = viewer.buttons(credits: balance, catalog: state.catalog)
            self.init(title: "Your Credits", lines: lines, buttons: buttons, focus: min(viewer.focus, buttons.count - 1),
                      frame: .tint(.accent))
        case .subscription(let id):
            let expiry = state.snapshot.subscriptionExpiries[id]
            var lines = [Line(text: state.title(of: id), style: .bold),
                         Line(text: "Active until \(expiry.map(state.times.dateTime) ?? "—")"),
                         Line(text: "")]
            if let product = state.snapshot.product(id), let terms = SubscriptionTerms(product, state: state), terms.extends {
                lines += [Line(text: "Buying it again (\(terms.price)) extends it to \(state.times.day(terms.date))."), Line(text: "")]
            }
            lines.append(Line(text: "The app keeps this date in UserDefaults.json under \(id).", style: .dim))
            let buttons = viewer.buttons(credits: state.snapshot.credits, catalog: state.catalog)
            self.init(title: "Subscription", lines: lines, buttons: buttons, focus: min(viewer.focus, buttons.count - 1),
                      frame: .tint(.success))
        }
    }
}

/// The words of the system sheet's last step with hold on, in the storefront and the command line.
public enum SideButton {
    public static let prompt = "Double-click the side button to confirm"
}

enum Spinner {
    static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    static func frame(_ n: Int) -> String { frames[n % frames.count] }
}

