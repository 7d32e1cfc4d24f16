import SampleApp
import Wording

/// Draws the whole storefront for a state: the store screen, then whatever is in front of it.
public func render(_ state: AppState) -> Buffer {
    var buffer = Buffer(width: state.width, height: state.height)
    render(state, into: &buffer)
    return buffer
}

public func render(_ state: AppState, into canvas: inout some Canvas) {
    let layout = Layout(width: canvas.width, height: canvas.height)
    if layout.isTooSmall {
        TooSmallView.draw(state, layout: layout, into: &canvas)
        return
    }
    switch state.mode {
    case .log(let scroll):
        LogScreen.draw(state, scroll: scroll, layout: layout, into: &canvas)
        if let banner = state.banner { BannerView.draw(banner, layout: layout, into: &canvas) }
        return
    case .transactions(let panel):
        TransactionManagerView.draw(state, panel: panel, layout: layout, into: &canvas)
        if let banner = state.banner { BannerView.draw(banner, layout: layout, into: &canvas) }
        return
    default:
        StoreScreen.draw(state, layout: layout, into: &canvas)
    }
    switch state.mode {
    case .settings(let panel): SettingsPanelView.draw(state, panel: panel, layout: layout, into: &canvas)
    case .approvals(let panel): ApprovalsView.draw(state, panel: panel, layout: layout, into: &canvas)
    case .unconsumed(let panel): UnconsumedView.draw(state, panel: panel, layout: layout, into: &canvas)
    case .subscriptions(let panel): ManageSubscriptionsView.draw(state, panel: panel, layout: layout, into: &canvas)
    case .help(let scroll): HelpOverlay.draw(state.strings, scroll: scroll, layout: layout, into: &canvas)
    default:
        if let dialog = DialogModel(state) { DialogView.draw(dialog, layout: layout, into: &canvas) }
    }
    if let banner = state.banner { BannerView.draw(banner, layout: layout, into: &canvas) }
}

/// A transaction update from outside, over the footer for a few seconds: a band at the
/// bottom, as a notification comes and goes on iOS.
enum BannerView {
    static func draw(_ banner: Banner, layout: Layout, into canvas: inout some Canvas) {
        let y = layout.footer.y
        let style = Style(tint: banner.tint, bold: true, reverse: true)
        canvas.fill(x: 0, y: y, width: layout.width, height: 1, style: style)
        canvas.put(" \(banner.text)", x: 0, y: y, width: layout.width, style: style)
    }
}

/// Too small only pauses: it says which key works, and that whatever is open waits.
public enum TooSmallView {
    static func draw(_ state: AppState, layout: Layout, into canvas: inout some Canvas) {
        let words = state.strings.screen
        draw(needs: words.tooSmall(Layout.minimumWidth, Layout.minimumHeight),
             then: waiting(state.mode, words, strings: state.strings).map(words.keysWorkAgain) ?? words.qQuits, strings: state.strings, into: &canvas)
    }

    /// The message, centred: what size is needed (bold), the size now, then what waits for it.
    /// A played walkthrough says it of the storefront and its caption band together.
    public static func draw(needs: String, then: String, strings: Strings, into canvas: inout some Canvas) {
        let (width, height) = (canvas.width, canvas.height)
        let message = [(needs, Style.bold), (strings.screen.enlarge(width, height), .plain), (then, .plain)]
        // Wrapped rather than cut, so the keys that work are never lost off the edge.
        let lines = message.flatMap { text, style in
            TextWrap.lines(text, width: width).map { (DisplayWidth.truncate($0, to: width), style) }
        }
        let top = max(0, (height - lines.count) / 2)
        for (i, (text, style)) in lines.enumerated() {
            canvas.put(text, x: max(0, (width - DisplayWidth.of(text)) / 2), y: top + i, style: style)
        }
    }

    /// What waits for the window to grow; nil on the store screen, where q still quits.
    static func waiting(_ mode: Mode, _ words: Localized<ScreenStrings>, strings: Strings) -> String? {
        switch mode {
        case .store: nil
        case .sheet(let sheet):
            if case .purchasing = sheet.stage { words.purchaseGoesOn } else { words.sheetWaits }
        case .refundRequest: words.sheetWaits
        case .alert, .content, .redeemCode: words.dialogWaits
        case .settings: words.settingsWait
        case .approvals: words.approvalsWait
        case .unconsumed: strings.unconsumed.panelWaits
        case .subscriptions: words.manageWaits
        case .log: words.logWaits
        case .transactions: words.managerWaits
        case .help: words.helpWaits
        case .restoring: words.restoreGoesOn
        }
    }
}

enum DialogView {
    static func draw(_ dialog: DialogModel, layout: Layout, into canvas: inout some Canvas) {
        let box = dialog.box(in: layout)
        canvas.box(box, title: dialog.title, style: dialog.frame, titleStyle: Style(tint: dialog.frame.tint, bold: true))
        let inner = box.width - 4
        let lines = dialog.wrapped(inner)
        let room = box.height - (dialog.buttons.isEmpty ? 2 : 4)
        for (i, line) in lines.prefix(room).enumerated() {
            canvas.put(line.text, x: box.x + 2, y: box.y + 1 + i, width: inner, style: line.style)
            for label in line.dimmed {
                guard let column = DialogModel.column(of: label, in: line.text) else { continue }
                canvas.put(label, x: box.x + 2 + column, y: box.y + 1 + i, style: Style(tint: .muted, dim: true))
            }
        }
        for (i, rect) in Layout.buttons(dialog.buttons, in: box).enumerated() {
            let focused = i == dialog.focus
            let style = focused ? Style(tint: dialog.frame.tint, bold: true, reverse: true) : .plain
            canvas.put("[ \(dialog.buttons[i]) ]", x: rect.x, y: rect.y, style: style)
        }
    }
}
