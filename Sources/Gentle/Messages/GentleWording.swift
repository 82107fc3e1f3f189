import Catalog

/// The wording keys of Gentle Days (`templates/wording/gentle.json`): the seed's notification
/// titles and bodies (verbatim), the partner-message frames and chip phrases, and the lines of
/// the text output.
public struct GentleWording: WordingKeySet, Sendable {
    public struct Notification: WordingKeySet, Sendable {
        let statusTitle = WordingKey("notification.status.title")
        let statusBody = WordingKey("notification.status.body")
        let careTitle = WordingKey("notification.care.title")
        let careBodies = WordingKeyFamily<CareAction>("notification.care.body")
        let sosTitle = WordingKey("notification.sos.title")
        let sosBody = WordingKey("notification.sos.body")
        let calendarTitle = WordingKey("notification.calendar.title")
        let calendarBody = WordingKey("notification.calendar.body")

        public var declaredKeys: [WordingKey] {
            keys(statusTitle, statusBody, careTitle, careBodies, sosTitle, sosBody, calendarTitle,
                 calendarBody)
        }
    }

    public struct Partner: WordingKeySet, Sendable {
        let none = WordingKey("partner.none")
        let one = WordingKey("partner.one", "chip")
        let extraLoveAlone = WordingKey("partner.extraLoveAlone")
        let two = WordingKey("partner.two", "first", "second")
        let twoContrast = WordingKey("partner.twoContrast", "first", "second")
        let many = WordingKey("partner.many", "leading", "last")
        let listSeparator = WordingKey("partner.listSeparator")
        let chips = WordingKeyFamily<Chip>("chip")
        let overwhelmedSecondOfTwo = WordingKey("chipSecondOfTwo.overwhelmed")

        public var declaredKeys: [WordingKey] {
            keys(none, one, extraLoveAlone, two, twoContrast, many, listSeparator, chips,
                 overwhelmedSecondOfTwo)
        }
    }

    public struct Lines: WordingKeySet, Sendable {
        let line = WordingKey("text.line", "eventId", "at", "outcome", "title", "body")
        let partnerMessage = WordingKey("text.partnerMessage", "message")
        let sent = WordingKey("text.sent")
        let notSent = WordingKey("text.notSent", "reason")
        let reasons = WordingKeyFamily<NotSentReason>("text.reason")

        public var declaredKeys: [WordingKey] {
            keys(line, partnerMessage, sent, notSent, reasons)
        }
    }

    let notification = Notification()
    let partner = Partner()
    let lines = Lines()

    public init() {}

    /// The wording file's app name.
    public static let app = "gentle"

    /// Compiles every Gentle Days key of `templates`; a missing or malformed one fails here, before
    /// any input is read.
    public static func phrasebook(_ templates: TemplateSet) throws -> Phrasebook {
        try templates.wording.compile(GentleWording())
    }

    public var declaredKeys: [WordingKey] {
        keys(notification, partner, lines)
    }
}
