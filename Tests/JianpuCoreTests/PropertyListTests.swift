import Testing

@testable import JianpuCore

@Suite("Property lists")
struct PropertyListTests {
    static func read(_ text: String) throws -> PropertyList {
        try PropertyList.parse(text, file: "p").get()
    }

    @Test("equal values are equal wherever they are written; different ones are not")
    func equality() throws {
        let a = try Self.read("{ a = (x, \"y\"); b = z; }")
        let spaced = try Self.read("\n\n{\n  a = ( x , y ) ;\n  b = \"z\";\n}")
        #expect(a == spaced)
        #expect(Set([a, spaced]).count == 1)
        #expect(a != (try Self.read("{ a = (x, y); b = w; }")))
        #expect(a != (try Self.read("{ b = z; a = (x, y); }")))
        #expect(try Self.read("(a, b)") != (try Self.read("(a)")))
        #expect(try Self.read("x") != (try Self.read("(x)")))
    }

    @Test("the XML form reads to the same values as the OpenStep form, with places")
    func xml() throws {
        let xml = try Self.read(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment -->
            <plist version="1.0">
            <dict>
              <key>a</key><array><string>x</string><string>y &amp; z</string></array>
              <key>b</key><integer>3</integer>
              <key>c</key><true/>
            </dict>
            </plist>
            """)
        #expect(xml == (try Self.read("{ a = (x, \"y & z\"); b = 3; c = true; }")))
        guard case .dictionary(let entries, _) = xml else { Issue.record("not a dictionary"); return }
        #expect(entries.map(\.keyLocation.line) == [5, 6, 7])
    }

    @Test(
        "one check says what is a property list",
        arguments: [
            ("{ a = b; }", true), ("  // comment\n{ }", true), ("/* c */ (a)", true), ("<?xml version=\"1.0\"?>", true),
            ("<plist><dict/></plist>", true), ("1 2 3 4 |", false), ("< 1 2 3", false), ("title=x", false),
        ])
    func looksLike(text: String, expected: Bool) {
        #expect(PropertyList.looksLikePropertyList(text) == expected)
    }
}
