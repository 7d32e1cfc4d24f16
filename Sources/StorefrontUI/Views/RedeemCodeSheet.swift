import SampleApp
import Wording

extension DialogModel {
    /// The offer code sheet: what it is for, the field with the code typed so far and a caret,
    /// the terms of the code typed (`AppState.offerCodeTerms`), Cancel and Redeem (dimmed until
    /// there is a code).
    init?(redeemCode sheet: OfferCodeSheet, state: AppState) {
        let strings = state.strings, words = strings.sheet
        let field = "› " + sheet.code + "▏"
        let terms = state.offerCodeTerms(sheet.code)
        self.init(title: words.redeemCodeTitle,
                  lines: [Line(text: words.enterCode), Line(text: ""), Line(text: field, style: .tint(.accent, bold: true))]
                      + (terms.isEmpty ? [] : [Line(text: "")] + terms.map { Line(text: $0) }),
                  buttons: [strings.alerts.cancel, words.redeem], focus: sheet.focus, frame: .tint(.accent), width: 56)
    }
}
