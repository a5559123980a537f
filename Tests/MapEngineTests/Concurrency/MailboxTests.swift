import Foundation
import Testing
@testable import MapEngine

/// The one mailbox between threads.
@Suite struct MailboxTests {
    @Test func takeAllDrainsInPostingOrder() {
        let box = Mailbox<Int>()
        for i in 0..<5 { box.post(i) }
        #expect(box.hasItems)
        #expect(box.takeAll() == [0, 1, 2, 3, 4])
        #expect(!box.hasItems && box.takeAll().isEmpty)
    }

    @Test func postsFromManyThreadsAllArrive() {
        let box = Mailbox<Int>()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for i in 0..<1000 { box.post(thread * 1000 + i) }
        }
        #expect(Set(box.takeAll()) == Set(0..<8000))
    }

    @Test func aWaiterWakesWhenWhatItWaitsForIsPosted() {
        let box = Mailbox<String>(counting: { $0 == "fix" })
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
            box.post("no fix")
            box.post("fix")
        }
        let start = Date()
        #expect(box.wait(timeout: 5) { $0.counted > 0 })
        #expect(Date().timeIntervalSince(start) < 4)
        _ = box.takeAll()
        #expect(box.wait(timeout: 0) { $0.counted > 0 }, "the tally outlives what was taken")
        #expect(!box.wait(timeout: 0.05) { $0.pending > 0 }, "times out when nothing comes")
    }
}
