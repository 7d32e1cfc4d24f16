import SampleApp
import Wording

extension DialogModel {
    /// The offer code sheet: what it is for, the field with the code typed so far and a caret,
    /// Cancel and Redeem (dimmed until there is a code).
    init?(redeemCode sheet: OfferCodeSheet, strings: Strings) {
        let words = strings.sheet
        let field = "› " + sheet.code + "▏"
        self.init(title: words.redeemCodeTitle,
                  lines: [Line(text: words.enterCode), Line(text: ""), Line(text: field, style: .tint(.accent, bold: true))],
                  buttons: [strings.alerts.cancel, words.redeem], focus: sheet.focus, frame: .tint(.accent), width: 56)
    }
}
