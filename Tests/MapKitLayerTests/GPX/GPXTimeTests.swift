import Testing
@testable import MapEngine
@testable import MapKitLayer

@Suite struct GPXTimeTests {
    @Test func readsISO8601TimesAsSecondsSince1970() {
        #expect(GPXTime.seconds("1970-01-01T00:00:00Z") == 0)
        #expect(GPXTime.seconds("2000-03-01T00:00:00Z") == 951_868_800, "after a leap day")
        #expect(GPXTime.seconds("2024-05-01T10:00:00.25Z") == 1_714_557_600.25)
        #expect(GPXTime.seconds("2024-05-01T12:00:00+02:00") == 1_714_557_600)
        #expect(GPXTime.seconds("2024-05-01T07:30:00-02:30") == 1_714_557_600)
        #expect(GPXTime.seconds("2024-05-01T10:00:00") == 1_714_557_600, "no zone: UTC")
        #expect(GPXTime.seconds("1969-12-31T23:59:59Z") == -1)
    }

    @Test func refusesWhatIsNotATime() {
        for text in ["", "2024-05-01", "2024-13-01T00:00:00Z", "2024-05-01T10:00:00Zjunk", "2024-05-01T10:00:00.Z",
                     "yesterday", "2024-05-01T10:61:00Z"] {
            #expect(GPXTime.seconds(Substring(text)) == nil, "\(text)")
        }
    }
}
