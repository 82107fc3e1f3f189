import ArgumentParser
import ReportKit
import Catalog
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Gentle

struct GentleNotifyCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Replay Gentle Days events and tell for each whether the partner is notified, with the text.",
        discussion: """
            Events are replayed in time order (ties by id), so any order of the input gives the \
            same output. Per person and pair: a status update is sent only while status sharing is \
            on, at most 1 in any 24 hours; care actions at most 5 in any hour; SOS at most 3 in any \
            24 hours; the calendar notification once ever, while calendar sharing is on. Sharing \
            is the latest shareStatus/shareCalendar seen for that person and pair (off until \
            seen). A notification sent exactly 24 hours (or 1 hour) earlier no longer counts. \
            Only sent notifications count. Reasons for one not sent: throttled, sharingOff, \
            alreadySent.

            --json prints one line per event: eventId, sent, reason (when not sent), title, body, \
            and partnerMessage for status updates.

            Example:
              report gentle notify samples/gentle/events.json --json
            """)

    @Flag(name: .customLong("json"), help: "One JSON line per event instead of text.")
    var json = false

    @OptionGroup var input: GentleInputOptions

    var console: Console { input.console }

    func run() throws {
        let job = try NotifyJob(templates: try input.common.templateSet(app: GentleWording.app))
        try job.run(try input.read(), NotifyJob.Request(json: json), in: input.common.context())
    }
}
