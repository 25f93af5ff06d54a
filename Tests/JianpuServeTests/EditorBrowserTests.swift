import Foundation
import Subprocesses
import Testing

/// The editor in a real browser (headless Debian chromium over the DevTools protocol, `Browser/editor_page.py`),
/// against the `jianpu serve` the package builds: typing, diagnostics, click and cursor, save, changed on disk,
/// playback, recovery, and the refusals over raw HTTP.
@Suite("jianpu serve: the page in a browser")
struct EditorBrowserTests {
    struct Report: Decodable {
        struct Mark: Decodable { var line: Int; var column: Int; var text: String; var title: String }
        struct Cursor: Decodable { var line: Int; var ch: Int }
        var url_ok: Bool
        var refusals: [String: Int]
        var loaded: Bool
        var heads_before: Int
        var heads_after_typing: Int
        var error_mark: Mark?
        var error_listed: Int
        var heads_while_broken: Int
        var stale_while_broken: Bool
        var error_cleared: Bool
        var heads_fixed: Int
        var heads_good: Int
        var cursor_after_click: Cursor?
        var lit_at_cursor: String?
        var lit_count: Int?
        var saved_matches: Bool
        var dirty_after_save: Bool
        var changed_on_disk_noticed: Bool
        var played_events: [String]
        var beforeunload_guarded: Bool
        var recovery_offered: String
        var errors: [String]
        var requests_elsewhere: [String]
        var server_stopped: Int?
    }

    static let script = PackageFolder.root.appendingPathComponent("Tests/JianpuServeTests/Browser/editor_page.py").path
    static let jianpu = PackageFolder.program("jianpu")

    @Test(
        "type, see the page; an error underlined and cleared; click a note; save; changed on disk; play; recovery; refusals",
        .enabled(if: Prerequisite.met(Subprocess.which("chromium") != nil)))
    func editor() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jianpu-serve-browser-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "title=Song\n1=C\n4/4\n1 2 3 4 | 5 - - - |\n".write(toFile: folder + "/song.jp", atomically: true, encoding: .utf8)
        let run = try Subprocess.run(Subprocess.which("python3") ?? "/usr/bin/python3", [Self.script, Self.jianpu, folder], timeLimit: 180)
        let report = try JSONDecoder().decode(Report.self, from: Data(run.output.utf8))

        #expect(report.url_ok)
        for refused in ["no token", "wrong token", "foreign host", "foreign origin", "path out"] { #expect(report.refusals[refused] == 403, "\(refused)") }
        #expect(report.refusals["with token"] == 200)
        #expect(report.loaded)
        // Typing a bar of four notes redraws the page with them.
        #expect(report.heads_before == 5)
        #expect(report.heads_after_typing == 9)
        // `??` on line 6, column 5: underlined there, with the message on hover and in the list; the last good page stays.
        #expect(report.error_mark?.line == 6)
        #expect(report.error_mark?.column == 5)
        #expect(report.error_mark?.text == "??")
        #expect(report.error_mark?.title.contains("'??'") == true)
        #expect(report.error_listed == 1)
        #expect(report.heads_while_broken == report.heads_good)
        #expect(report.stale_while_broken)
        #expect(report.error_cleared)
        #expect(report.heads_fixed == report.heads_good + 4)
        // The `3` of line 4 (column 5), clicked: the cursor goes there and the note is lit.
        #expect(report.cursor_after_click?.line == 3)
        #expect(report.cursor_after_click?.ch == 4)
        #expect(report.lit_at_cursor == "m0p0l4c5")
        #expect(report.lit_count == 1)
        #expect(report.saved_matches)
        #expect(!report.dirty_after_save)
        #expect(report.changed_on_disk_noticed)
        #expect(report.played_events.count >= 3, "the highlight moved over \(report.played_events)")
        #expect(report.beforeunload_guarded)
        #expect(report.recovery_offered.contains("Unsaved text of song.jp"))
        #expect(report.errors.isEmpty, "console: \(report.errors)")
        #expect(report.requests_elsewhere.isEmpty, "\(report.requests_elsewhere)")
        #expect(report.server_stopped == 0, "SIGTERM stops the server cleanly")
    }
}
