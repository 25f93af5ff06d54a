import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import JianpuServe

/// The editor's routes in process: the token, Host and Origin, the folder's confinement, the JSON API, saving.
@Suite("jianpu serve: routes")
struct ServeRoutesTests {
    /// A fresh folder with a score in it.
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("jianpu-serve-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try "title=Song\n1=C\n4/4\n1 2 3 4 | 5 - - - |\n".write(toFile: path + "/song.jp", atomically: true, encoding: .utf8)
        return path
    }

    static let token = "0123456789abcdef0123456789abcdef"

    static func withClient(_ body: @Sendable (any TestClientProtocol, String) async throws -> Void) async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = try ServeProgram.application(ServeConfiguration(folder: folder, initialFile: "song.jp", token: token))
        try await app.test(.router) { client in try await body(client, folder) }
    }

    static func json(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }
    static func encoded(_ object: [String: String]) throws -> ByteBuffer {
        ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: object))
    }
    static let bearer: HTTPFields = [.authorization: "Bearer \(token)"]

    @Test("no token, a wrong one: 403; the token in the URL sets the cookie, which then suffices; Bearer works too")
    func token() async throws {
        try await Self.withClient { client, _ in
            try await client.execute(uri: "/", method: .get) { #expect($0.status == .forbidden) }
            try await client.execute(uri: "/api/files?token=nope", method: .get) { #expect($0.status == .forbidden) }
            try await client.execute(uri: "/?token=\(Self.token)", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.setCookie]?.contains("jianpu_token=\(Self.token)") == true)
                #expect(response.headers[.setCookie]?.contains("SameSite=Strict") == true)
                #expect(String(buffer: response.body).contains("/codemirror/lib/codemirror.js"))
            }
            try await client.execute(uri: "/api/files", method: .get, headers: [.cookie: "jianpu_token=\(Self.token)"]) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("song.jp"))
            }
            try await client.execute(uri: "/api/files", method: .get, headers: Self.bearer) { #expect($0.status == .ok) }
        }
    }

    @Test("a request from another site's page (Origin) is 403 even with the token; the page's own origin passes")
    func origin() async throws {
        try await Self.withClient { client, _ in
            var headers = Self.bearer
            headers[.origin] = "http://evil.example"
            try await client.execute(uri: "/api/files", method: .get, headers: headers) { #expect($0.status == .forbidden) }
            headers[.origin] = "http://127.0.0.1.evil.example:8123"
            try await client.execute(uri: "/api/files", method: .get, headers: headers) { #expect($0.status == .forbidden) }
            headers[.origin] = "http://localhost:8123"
            try await client.execute(uri: "/api/files", method: .get, headers: headers) { #expect($0.status == .ok) }
        }
    }

    @Test("Host names this server only: loopback names on its port, or the --host address")
    func host() {
        let guardian = AccessGuard<BasicRequestContext>(token: Self.token, port: { 8123 }, host: "127.0.0.1")
        #expect(guardian.allowed(authority: "127.0.0.1:8123"))
        #expect(guardian.allowed(authority: "localhost:8123"))
        #expect(guardian.allowed(authority: "[::1]:8123"))
        #expect(!guardian.allowed(authority: "127.0.0.1:9999"))
        #expect(!guardian.allowed(authority: "evil.example:8123"))
        #expect(!guardian.allowed(authority: "evil.example"))
        #expect(!guardian.allowed(authority: "localhost.evil.example:8123"))
        #expect(!guardian.allowed(origin: "https://localhost:8123"))
    }

    @Test("paths stay in the folder: no .., no absolute path, no hidden name, no link leading out")
    func confinement() async throws {
        try await Self.withClient { client, folder in
            try FileManager.default.createSymbolicLink(atPath: folder + "/out.jp", withDestinationPath: "/etc/hostname")
            try FileManager.default.createSymbolicLink(atPath: folder + "/up", withDestinationPath: "/etc")
            for path in ["../song.jp", "/etc/passwd", "a/../../x.jp", ".hidden.jp", "out.jp", "up/hostname", "up/passwd"] {
                let query = path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? path
                try await client.execute(uri: "/api/file?path=\(query)", method: .get, headers: Self.bearer) { response in
                    #expect(response.status == .forbidden, "\(path): \(response.status)")
                }
            }
            try await client.execute(
                uri: "/api/save", method: .post, headers: Self.bearer,
                body: try Self.encoded(["path": "../escaped.jp", "text": "1 2 3"])
            ) { #expect($0.status == .forbidden) }
            #expect(!FileManager.default.fileExists(atPath: (folder as NSString).deletingLastPathComponent + "/escaped.jp"))
            try await client.execute(uri: "/api/files", method: .get, headers: Self.bearer) { response in
                #expect(!String(buffer: response.body).contains("out.jp"))
            }
            try await client.execute(uri: "/codemirror/../../../etc/passwd.js", method: .get, headers: Self.bearer) { #expect($0.status == .notFound) }
        }
    }

    @Test("POST /api/render: pages as SVG, the check's diagnostics with line and column, the timing")
    func render() async throws {
        try await Self.withClient { client, _ in
            try await client.execute(uri: "/api/render", method: .post, headers: Self.bearer, body: try Self.encoded(["text": "1=C\n4/4\n1 2 3 4 | 5 6 7 1' |\n"])) { response in
                #expect(response.status == .ok)
                let result = try JSONDecoder().decode(RenderResult.self, from: Data(buffer: response.body))
                #expect(result.ok)
                #expect(result.pages.count == 1)
                #expect(result.pages[0].contains("data-event=\"m0p0l3c1\""))
                #expect(result.timing.first?.event == "m0p0l3c1")
                #expect(result.diagnostics.isEmpty)
            }
            try await client.execute(uri: "/api/render", method: .post, headers: Self.bearer, body: try Self.encoded(["text": "1=C\n4/4\n1 2 3 4 | 5 6 ?? 1' |\n", "name": "x.jp"])) { response in
                let result = try JSONDecoder().decode(RenderResult.self, from: Data(buffer: response.body))
                #expect(!result.ok)
                #expect(result.pages.isEmpty)
                let error = result.diagnostics.first { $0.severity == "error" }
                #expect(error?.line == 3)
                #expect(error?.column == 15)
            }
            try await client.execute(uri: "/api/render", method: .post, headers: Self.bearer, body: Self.json("not json")) { #expect($0.status == .badRequest) }
            let huge = String(repeating: "1 ", count: 2 << 20)
            try await client.execute(uri: "/api/render", method: .post, headers: Self.bearer, body: try Self.encoded(["text": huge])) { response in
                #expect(response.status == .contentTooLarge)
            }
        }
    }

    @Test("save writes the file whole; a file changed on disk since it was opened is not overwritten unless forced")
    func save() async throws {
        try await Self.withClient { client, folder in
            var version: String?
            try await client.execute(uri: "/api/file?path=song.jp", method: .get, headers: Self.bearer) { response in
                let opened = try JSONDecoder().decode(OpenedFile.self, from: Data(buffer: response.body))
                #expect(opened.text.contains("1 2 3 4"))
                version = opened.version
            }
            let first = try JSONSerialization.data(withJSONObject: ["path": "song.jp", "text": "1 1 1 1 |\n", "version": version ?? ""])
            try await client.execute(uri: "/api/save", method: .post, headers: Self.bearer, body: ByteBuffer(bytes: first)) { response in
                #expect(response.status == .ok)
            }
            #expect(try String(contentsOfFile: folder + "/song.jp", encoding: .utf8) == "1 1 1 1 |\n")
            // Saved again at the version first read: the disk has moved on.
            try await client.execute(uri: "/api/save", method: .post, headers: Self.bearer, body: ByteBuffer(bytes: first)) { #expect($0.status == .conflict) }
            let forced = try JSONSerialization.data(withJSONObject: ["path": "song.jp", "text": "2 2 |\n", "version": version ?? "", "force": true])
            try await client.execute(uri: "/api/save", method: .post, headers: Self.bearer, body: ByteBuffer(bytes: forced)) { #expect($0.status == .ok) }
            #expect(try String(contentsOfFile: folder + "/song.jp", encoding: .utf8) == "2 2 |\n")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "song.jp" }
            #expect(leftovers.isEmpty, "\(leftovers)")
        }
    }

    @Test("an ABC file opens imported, to be saved as a new .jp beside it")
    func importing() async throws {
        try await Self.withClient { client, folder in
            try "X:1\nT:Tune\nM:4/4\nL:1/4\nK:C\nC D E F | G4 |]\n".write(toFile: folder + "/tune.abc", atomically: true, encoding: .utf8)
            try await client.execute(uri: "/api/file?path=tune.abc", method: .get, headers: Self.bearer) { response in
                #expect(response.status == .ok)
                let opened = try JSONDecoder().decode(OpenedFile.self, from: Data(buffer: response.body))
                #expect(opened.path == "tune.jp")
                #expect(opened.importedFrom == "tune.abc")
                #expect(opened.text.contains("1 2 3 4"))
            }
        }
    }

    @Test("the parts are named for the page, and a muted part is left out of the sound")
    func parts() throws {
        let text = "instrument=Flute\n1=C\n4/4\n1 2 3 4 |\nNextPart\n1, - 5, - |\n"
        let (parsed, _) = try ScoreText.parse(text, name: "t.jp")
        let score = try #require(parsed)
        #expect(ScoreText.partNames(of: score) == ["Flute", "part 2"])
        #expect(ScoreText.timeline(of: score).notes.count == 6)
        #expect(ScoreText.timeline(of: score, muting: [1]).notes.count == 4)
        #expect(ScoreText.timeline(of: score, muting: [0, 1]).notes.isEmpty)
    }

    @Test("downloads: MIDI and MusicXML of the text; a text with errors is refused with the first one")
    func downloads() async throws {
        try await Self.withClient { client, _ in
            let body = try Self.encoded(["text": "1=C\n4/4\n1 2 3 4 |\n", "name": "song.jp"])
            try await client.execute(uri: "/api/download?format=midi", method: .post, headers: Self.bearer, body: body) { response in
                #expect(response.status == .ok)
                #expect(Array(response.body.readableBytesView.prefix(4)) == Array("MThd".utf8))
                #expect(response.headers[.contentDisposition]?.contains("song.mid") == true)
            }
            try await client.execute(uri: "/api/download?format=musicxml", method: .post, headers: Self.bearer, body: body) { response in
                #expect(String(buffer: response.body).contains("<score-partwise"))
            }
            try await client.execute(uri: "/api/download?format=exe", method: .post, headers: Self.bearer, body: body) { #expect($0.status == .badRequest) }
            try await client.execute(uri: "/api/download?format=midi", method: .post, headers: Self.bearer, body: try Self.encoded(["text": "1 ?? 2"])) { response in
                #expect(response.status == .unprocessableContent)
            }
        }
    }
}
