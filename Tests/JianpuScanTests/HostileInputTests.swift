import Foundation
import JianpuScan
import JianpuScanIO
import Synchronization
import Testing

/// Files that are not what they say, refused in words.
@Suite("Hostile input")
struct HostileInputTests {
    func refusal(_ bytes: [UInt8], named name: String) throws -> String {
        let url = try ScanSupport.file(bytes, named: name)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try Scanner.scan([url.path])
            return ""
        } catch {
            return error.message
        }
    }

    @Test("a truncated PDF is refused")
    func truncated() throws {
        let url = try ScanSupport.pdf("1=C\n1 2 3 4\n", embedding: false)
        defer { try? FileManager.default.removeItem(at: url) }
        let bytes = try Array(Data(contentsOf: url))
        let message = try refusal(Array(bytes.prefix(bytes.count / 3)), named: "cut.pdf")
        #expect(!message.isEmpty)
    }

    @Test("a page larger than any printed page is refused before it is drawn")
    func hugePage() throws {
        let pdf =
            "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 14000 14000] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
        let message = try refusal(Array(pdf.utf8), named: "huge.pdf")
        #expect(message.contains("pixels") || message.contains("large"))
    }

    @Test("damaged page images and unknown files are refused in words")
    func images() throws {
        #expect(try refusal([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0], named: "page.png").contains("not an image leptonica can read"))
        #expect(try refusal(Array("hello".utf8), named: "x.txt").contains("not a PDF"))
        #expect(try refusal(Array("<svg></svg>".utf8), named: "x.svg").contains("without the jianpu text"))
    }
}

/// The watch on poppler's time per page.
@Suite("Page time limit")
struct PageTimeLimitTests {
    final class Overruns: Sendable {
        let pages = Mutex<[String]>([])
    }

    @Test("a page that overruns is reported once with its name; a page within its time is not")
    func overrunIsReported() throws {
        let limit = PageTimeLimit()
        let overruns = Overruns()
        limit.onOverrun(after: 0.3) { page in overruns.pages.withLock { $0.append(page) } }
        limit.watching("quick.pdf: page 1") { Thread.sleep(forTimeInterval: 0.05) }
        limit.watching("slow.pdf: page 2") { Thread.sleep(forTimeInterval: 1.0) }
        Thread.sleep(forTimeInterval: 0.3)
        #expect(overruns.pages.withLock { $0 } == ["slow.pdf: page 2"])
    }

    @Test("the calls for one page share its budget: two calls each within the limit overrun together")
    func callsOfOnePageShareTheBudget() throws {
        let limit = PageTimeLimit()
        let overruns = Overruns()
        limit.onOverrun(after: 1.0) { page in overruns.pages.withLock { $0.append(page) } }
        let start = ContinuousClock.now
        limit.watching("bomb.pdf: page 1", since: start) { Thread.sleep(forTimeInterval: 0.8) }
        // The second call alone would end 0.9 s before its own limit; counted from the page's start it overruns.
        limit.watching("bomb.pdf: page 1", since: start) {
            let waitingSince = ContinuousClock.now
            while overruns.pages.withLock({ $0.isEmpty }) && ContinuousClock.now - waitingSince < .milliseconds(900) {
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        #expect(overruns.pages.withLock { $0 } == ["bomb.pdf: page 1"])
    }
}
