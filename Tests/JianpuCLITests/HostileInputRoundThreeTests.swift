import Foundation
import Subprocesses
import Testing

/// The fourth campaign's quiz and learn cases against the built `jianpu`: the log on full and
/// read-only media, links beside it, a profile that cannot be reached, streams that cannot be
/// written, a MIDI input that is a folder. Each says what is wrong in a line and fails.
@Suite("hostile input, round three: the quiz and learn on odd media, links and streams")
struct HostileInputRoundThreeTests: FolderSuite {
    let folder: URL

    init() throws {
        folder = try Self.makeFolder("jianpu-hostile3")
    }

    /// Mounts a small tmpfs at `name` (root only); unmounted by `unmount`.
    func mount(_ name: String, _ options: String) throws {
        let mounted = try shell("mkdir \(name) && mount -t tmpfs -o \(options) tmpfs \(name)")
        try #require(mounted.status == 0, "a tmpfs: \(mounted.errors)")
    }

    func unmount(_ name: String) { _ = try? shell("umount \(name)") }

    @Test("a new quiz log on read-only media says read-only in a line, not 'check the path and permissions'", .enabled(if: canMountTmpfs, "needs root and a system that lets it mount a tmpfs"))
    func newLogOnReadOnlyMedia() throws {
        try mount("ro", "size=64k,ro")
        defer { unmount("ro") }
        let outcome = try shell("printf 'P5\\n' | $J quiz --plain --mute -n 1 --db ro/q.sqlite")
        #expect(outcome.status == 1)
        #expect(outcome.errors == "jianpu: cannot create quiz database ro/q.sqlite: its folder ro is on read-only media, where no new file can be made; pass --db with a path on a writable disk\n")
    }

    @Test(
        "a new quiz log where no inode or no space is left says there is no room (the disk is full), and leaves no empty file",
        .enabled(if: canMountTmpfs, "needs root and a system that lets it mount a tmpfs"),
        arguments: [
            // No inode for the log; an inode for the log but none for its -wal; no space.
            ("size=1m,nr_inodes=3", "touch m/a m/b", "there is no room on its device (no inodes left"),
            ("size=1m,nr_inodes=4", "touch m/a m/b", "there is no room on its device (no inodes left"),
            ("size=64k", "head -c 200000 /dev/zero > m/fill 2>/dev/null", "the disk is full (no space left"),
        ])
    func newLogWithNoRoom(options: String, setup: String, reason: String) throws {
        try mount("m", options)
        defer { unmount("m") }
        _ = try shell(setup)
        let before = names("m")
        let outcome = try shell("printf 'P5\\n' | $J quiz --plain --mute -n 1 --db m/q.sqlite")
        #expect(outcome.status == 1)
        #expect(outcome.errors.hasPrefix("jianpu: cannot open quiz database m/q.sqlite: \(reason)"), "\(outcome.errors)")
        #expect(!outcome.errors.contains("permissions"))
        #expect(outcome.errors.split(separator: "\n").count == 1)
        #expect(names("m") == before)
    }

    @Test(
        "a link as the log's -wal, -shm or -journal is refused as a link by quiz, learn and stats, the score kept",
        arguments: ["-wal", "-shm", "-journal"])
    func companionLink(suffix: String) throws {
        try file("s.jp", "1 2 3 4 |\n")
        #expect(try shell("printf 'P5\\n' | $J quiz --plain --mute -n 1 --db q.sqlite").status == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("q.sqlite" + suffix).path, withDestinationPath: "s.jp")
        for command in ["quiz --plain --mute -n 1 --db q.sqlite", "learn D --plain --mute --db q.sqlite", "quiz stats --db q.sqlite"] {
            let outcome = try shell("printf 'P5\\nq\\n' | $J \(command)")
            #expect(outcome.status == 1, "\(command)")
            #expect(
                outcome.errors
                    == "jianpu: cannot use quiz database q.sqlite: q.sqlite\(suffix), SQLite's file beside it, is a symbolic link (to s.jp); nothing was written through it; remove q.sqlite\(suffix) or pass --db NEW\n",
                "\(command): \(outcome.errors)")
        }
        #expect(text("s.jp") == "1 2 3 4 |\n")
    }

    @Test("a hard link as the log's -wal, -shm or -journal is refused before SQLite writes into the file it shares", arguments: ["-wal", "-shm", "-journal"])
    func companionHardLink(suffix: String) throws {
        try file("s.jp", "1 2 3 4 |\n")
        #expect(try shell("printf 'P5\\n' | $J quiz --plain --mute -n 1 --db q.sqlite").status == 0)
        #expect(try shell("ln s.jp q.sqlite\(suffix)").status == 0)
        for command in ["quiz --plain --mute -n 1 --db q.sqlite", "learn D --plain --mute --db q.sqlite", "quiz stats --db q.sqlite"] {
            let outcome = try shell("printf 'P5\\nq\\n' | $J \(command)")
            #expect(outcome.status == 1, "\(command)")
            #expect(outcome.errors.contains("q.sqlite\(suffix), SQLite's file beside it, is another name of a file (a hard link)"), "\(command): \(outcome.errors)")
        }
        #expect(text("s.jp") == "1 2 3 4 |\n")
    }

    @Test(
        "a profile that cannot be reached (a link to nothing, a loop, a 300-byte name, a path through a file) is refused, not replaced by the defaults",
        arguments: [
            ("loop.json", "it is a symbolic link to loop, which is not there"), ("self.json", "its symbolic links form a loop"),
            (String(repeating: "x", count: 300) + ".json", "its name is longer than the file system allows"),
            ("s.jp/p.json", "a part of its path is a file, not a folder"),
        ])
    func unreachableProfile(profile: String, reason: String) throws {
        try file("s.jp", "1 2 3 4 |\n")
        _ = try shell("ln -s loop loop.json; ln -s self.json self.json")
        let outcome = try shell("$J quiz --plain --mute -n 1 --db q.sqlite --profile \(profile) </dev/null")
        #expect(outcome.status == 1)
        #expect(
            outcome.errors == "jianpu: cannot read quiz profile \(profile): \(reason)"
                + (profile == "loop.json"
                    ? "; fix the link, or save a profile there with --save-profile\n" : (reason.hasSuffix("loop") ? " (or are too many)" : "") + "; fix the path or pass --profile with another file\n")
        )
        #expect(!names().contains("q.sqlite"))
        // --save-profile through the link to nothing creates the file it names.
        if profile == "loop.json" {
            #expect(try shell("$J quiz --plain --mute -n 1 --db q.sqlite --profile loop.json --save-profile </dev/null").status == 0)
            #expect(text("loop")?.contains("\"questions\"") == true)
        }
    }

    @Test(
        "the saved profile and the plot are named with their escapes made visible, never sent",
        arguments: [
            "$J quiz --plain --mute -n 1 --db q.sqlite --profile \"p$E.json\" --save-profile </dev/null",
            "$J quiz --plain --mute -n 1 --db q.sqlite </dev/null >/dev/null && $J quiz stats --db q.sqlite --plot \"p$E.svg\" >/dev/null",
        ])
    func namesShownVisible(command: String) throws {
        let outcome = try shell("E=$(printf '\\033]0;PWNED\\007\\033[2J'); " + command)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.errors.contains("PWNED"), "\(outcome.errors)")
        #expect(!outcome.errors.contains("\u{1B}") && !outcome.errors.contains("\u{07}"), "\(outcome.errors)")
    }

    @Test(
        "plain learn and quiz fail with a line when standard output is full or closed",
        arguments: [
            "printf 'q\\n' | $J learn D --plain --mute --db q.sqlite >/dev/full", "printf 'q\\n' | $J learn D --plain --mute --db q.sqlite >&-",
            "$J quiz --plain --mute -n 1 --db q.sqlite </dev/null >/dev/full", "$J quiz --plain --mute -n 1 --db q.sqlite </dev/null >&-",
        ])
    func unwritableOutput(command: String) throws {
        let outcome = try shell(command)
        #expect(outcome.status == 1)
        let reason = command.hasSuffix("/dev/full") ? "No space left on device" : "Bad file descriptor"
        #expect(outcome.errors == "jianpu: cannot write to standard output: \(reason)\n", "\(outcome.errors)")
    }

    @Test(
        "a folder as --midi-in of plain learn and quiz is refused at once, before the log is made",
        arguments: [
            "learn D --plain --mute --db q.sqlite --midi-in d", "quiz --plain --mute -n 1 --db q.sqlite --midi-in d",
        ])
    func midiInputFolder(command: String) throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("d"), withIntermediateDirectories: true)
        let outcome = try shell("(sleep 2; echo q) | timeout 15 $J \(command)")
        #expect(outcome.status == 1)
        #expect(outcome.errors == "jianpu: MIDI input d is a folder: give a raw MIDI device (/dev/snd/midiC*D*, /dev/midi*) or a FIFO made with mkfifo\n")
        #expect(names() == ["d"])
    }

    @Test("a MIDI input that ends during a plain quiz is said on standard error; the quiz goes on")
    func midiInputEnds() throws {
        _ = try shell("printf '\\220\\074\\100' > f.mid")
        let outcome = try shell("(sleep 1; echo q) | timeout 15 $J quiz --plain --mute -n 1 --db q.sqlite --midi-in f.mid")
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.errors == "jianpu: MIDI input f.mid: the stream ended; answers are read from standard input only\n")
    }
}
