import Catalog
import Quoting
import ReportKit

/// Presents the replay's decisions: each event's notification title and body (seed §6.4), the
/// partner message for status updates, as JSON lines for the job that sends them or as text for
/// a person. Nothing is counted or summed: one entry per event.
public struct NotifyPresenter: Sendable {
    let book: Phrasebook
    let messages: PartnerMessageBuilder
    let keys = GentleWording()

    public init(templates: TemplateSet) throws {
        book = try GentleWording.phrasebook(templates)
        messages = PartnerMessageBuilder(book: book)
    }

    /// The notification's title and body for `event`.
    public func notification(_ event: GentleEvent) throws -> (title: String, body: String) {
        let n = keys.notification
        switch event.type {
        case .status: return (try book.render(n.statusTitle), try book.render(n.statusBody))
        case .sos: return (try book.render(n.sosTitle), try book.render(n.sosBody))
        case .calendar: return (try book.render(n.calendarTitle), try book.render(n.calendarBody))
        case .care:
            let action = event.action ?? .text
            return (try book.render(n.careTitle), try book.render(n.careBodies[action]))
        }
    }

    /// One JSON line per decision, in replay order: `eventId`, `sent`, `reason` when not sent,
    /// `title`, `body`, and `partnerMessage` for status updates.
    public func jsonLines(_ decisions: [NotifyDecision]) throws -> String {
        var out = ""
        for d in decisions {
            let (title, body) = try notification(d.event)
            var fields: [(String, JSONOutput)] = [("eventId", .string(d.event.id)), ("sent", .bool(d.sent))]
            if let reason = d.reason { fields.append(("reason", .string(reason.rawValue))) }
            fields += [("title", .string(title)), ("body", .string(body))]
            if d.event.type == .status { fields.append(("partnerMessage", .string(try messages.message(d.event.chips)))) }
            out += JSONOutput.object(fields).compact() + "\n"
        }
        return out
    }

    /// The decisions as text for a person: one line per event, and the partner message of a
    /// status update on the line after it. The event id, the one value from the input, goes in
    /// through `Quote.text` (no control can reach the terminal or forge a line).
    public func text(_ decisions: [NotifyDecision]) throws -> String {
        var out = ""
        for d in decisions {
            let (title, body) = try notification(d.event)
            let outcome = try d.reason.map { try book.render(keys.lines.notSent, ["reason": try book.render(keys.lines.reasons[$0])]) }
                ?? book.render(keys.lines.sent)
            out += try book.render(keys.lines.line, ["eventId": Quote.text(d.event.id), "at": d.event.at.description, "outcome": outcome,
                                                     "title": title, "body": body]) + "\n"
            if d.event.type == .status {
                out += try book.render(keys.lines.partnerMessage, ["message": try messages.message(d.event.chips)]) + "\n"
            }
        }
        return out
    }
}
