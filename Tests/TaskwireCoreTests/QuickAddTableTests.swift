import Foundation
import TaskwireCore
import Testing

/// Quick add, line by line: `text | title | tokens`, tokens as `kind=value` in order (dates as
/// read on Thursday 2026-02-12). A row is what a person types and what they expect to get.
@Suite struct QuickAddTableTests {
  static let today = CalendarDate(iso: "2026-02-12")!

  static let table = """
    Call mom | Call mom |
    Call mom #family | Call mom | tag=family
    #family Call mom | Call mom | tag=family
    Call #family mom | Call mom | tag=family
    Call mom +family | Call mom | tag=family
    Call mom #family #urgent-stuff | Call mom | tag=family tag=urgent-stuff
    Call mom #family #family | Call mom | tag=family tag=family
    Review #work/q1 report | Review report | tag=work/q1
    Fix #bug_42 | Fix | tag=bug_42
    Email bob@example.com | Email bob@example.com |
    Read https://example.com/page#section | Read https://example.com/page#section |
    Buy milk #einkäufe | Buy milk | tag=einkäufe
    Купить хлеб #покупки | Купить хлеб | tag=покупки
    買い物 #日本 | 買い物 | tag=日本
    Party 🎉 #fun | Party 🎉 | tag=fun
    Issue # 5 | Issue # 5 |
    Call mom #family, then dad | Call mom then dad | tag=family
    Call mom ! | Call mom | priority=1
    Call mom !! | Call mom | priority=2
    Call mom !!! | Call mom | priority=3
    !!! Call mom | Call mom | priority=3
    Call mom p1 | Call mom | priority=3
    Call mom p2 | Call mom | priority=2
    Call mom p3 | Call mom | priority=1
    Call mom p4 | Call mom | priority=1
    Call mom P1 | Call mom | priority=3
    Call mom pri:H | Call mom | priority=3
    Call mom pri:M | Call mom | priority=2
    Call mom priority:L | Call mom | priority=1
    Call mom ! !!! | Call mom | priority=1 priority=3
    Wow! Great | Wow! Great |
    Call mom * | Call mom | urgent=true
    Call mom !urgent | Call mom | urgent=true
    * Call mom | Call mom | urgent=true
    2*3 math | 2*3 math |
    Call mom 5m | Call mom | duration=5
    Call mom 15min | Call mom | duration=15
    Call mom 20mins | Call mom | duration=20
    Call mom 45minutes | Call mom | duration=45
    Call mom 1h | Call mom | duration=60
    Call mom 2hrs | Call mom | duration=120
    Call mom 1h30 | Call mom | duration=90
    Call mom 1h30m | Call mom | duration=90
    Call mom ~30 | Call mom | duration=30
    Call mom 0m | Call mom 0m |
    Call mom 99999m | Call mom 99999m |
    Run 5k | Run 5k |
    Call mom 1h75 | Call mom 1h75 |
    Call mom 168h | Call mom | duration=10080
    Focus @deep | Focus | type=deepWork
    Focus @deepwork | Focus | type=deepWork
    Focus @DeepWork | Focus | type=deepWork
    Inbox zero @shallow | Inbox zero | type=shallowWork
    Post office @errand | Post office | type=errand
    Standup @meeting | Standup | type=meeting
    Swift course @learning | Swift course | type=learning
    Oil change @maintenance | Oil change | type=maintenance
    Dinner @home | Dinner @home |
    Ping @bob | Ping @bob |
    Call mom today | Call mom | date=2026-02-12
    Call mom tomorrow | Call mom | date=2026-02-13
    Call mom tmrw | Call mom | date=2026-02-13
    tomorrow Call mom | Call mom | date=2026-02-13
    Call mom on friday | Call mom | date=2026-02-13
    Call mom friday | Call mom | date=2026-02-13
    Call mom fri | Call mom | date=2026-02-13
    Call mom on fri | Call mom | date=2026-02-13
    Call mom at sat | Call mom | date=2026-02-14
    Call mom next friday | Call mom | date=2026-02-20
    Call mom next fri | Call mom | date=2026-02-20
    Call mom this saturday | Call mom | date=2026-02-14
    Call mom monday | Call mom | date=2026-02-16
    Call mom sunday | Call mom | date=2026-02-15
    Call mom in 3 days | Call mom | date=2026-02-15
    Call mom in a week | Call mom | date=2026-02-19
    Call mom in 2 weeks | Call mom | date=2026-02-26
    Call mom in 2w | Call mom | date=2026-02-26
    Call mom in 3d | Call mom | date=2026-02-15
    Call mom +3 | Call mom | date=2026-02-15
    Call mom +1w | Call mom | date=2026-02-19
    Call mom in 1 month | Call mom | date=2026-03-12
    Call mom dec 24 | Call mom | date=2026-12-24
    Call mom december 24 | Call mom | date=2026-12-24
    Call mom 24 dec | Call mom | date=2026-12-24
    Call mom dec 1st | Call mom | date=2026-12-01
    Call mom on dec 1st | Call mom | date=2026-12-01
    Call mom mar 3rd | Call mom | date=2026-03-03
    Call mom feb 2nd | Call mom | date=2027-02-02
    Call mom dec 24 2027 | Call mom | date=2027-12-24
    Call mom 2026-03-01 | Call mom | date=2026-03-01
    Call mom on 2026-03-01 | Call mom | date=2026-03-01
    Call mom the 15th | Call mom | date=2026-02-15
    Call mom on the 15th | Call mom | date=2026-02-15
    Call mom 15th | Call mom | date=2026-02-15
    Call mom the 12th | Call mom | date=2026-02-12
    Call mom the 11th | Call mom | date=2026-03-11
    Call mom the 31st | Call mom | date=2026-03-31
    Read 3rd chapter | Read 3rd chapter |
    Call mom weekend | Call mom | date=2026-02-14
    Call mom this weekend | Call mom | date=2026-02-14
    Call mom next weekend | Call mom | date=2026-02-21
    Plan weekend trip | Plan weekend trip |
    Call mom eom | Call mom | date=2026-02-28
    Call mom end of month | Call mom | date=2026-02-28
    Call mom end of week | Call mom | date=2026-02-15
    Call mom next week | Call mom | date=2026-02-16
    Call mom next month | Call mom | date=2026-03-01
    Watch the sun rise | Watch the sun rise |
    Watch the sun rise sat | Watch the sun rise | date=2026-02-14
    Call mom fri #family | Call mom | date=2026-02-13 tag=family
    Call mom fri #family 30m !! | Call mom | date=2026-02-13 tag=family duration=30 priority=2
    Call mom fri evening | Call mom fri evening |
    Call mom fri? | Call mom fri? |
    Watch the sun rise #x | Watch the sun rise | tag=x
    Meet tom at noon | Meet tom at noon |
    Call mom now | Call mom | date=2026-02-12
    Say now or never | Say now or never |
    Call mom tomorrow friday | Call mom | date=2026-02-13 date=2026-02-13
    Call mom due friday | Call mom | due=2026-02-13
    Call mom due:friday | Call mom | due=2026-02-13
    Call mom due next fri | Call mom | due=2026-02-20
    Call mom by friday | Call mom | due=2026-02-13
    Call mom tomorrow due fri | Call mom | date=2026-02-13 due=2026-02-13
    Due diligence memo | Due diligence memo |
    Call mom sched:tomorrow | Call mom | date=2026-02-13
    Water plants daily | Water plants | recurrence=daily
    Review weekly | Review | recurrence=weekly
    Pay biweekly | Pay | recurrence=biweekly
    Rent monthly | Rent | recurrence=monthly
    Water plants every day | Water plants | recurrence=daily
    Water plants every 3 days | Water plants | recurrence=daily
    Water plants every other day | Water plants | recurrence=daily
    Standup every weekday | Standup | recurrence=weekly
    Gym every mon, thu | Gym | recurrence=weekly
    Gym every mon thu | Gym | recurrence=weekly
    Gym every monday and thursday | Gym | recurrence=weekly
    Gym every tuesdays | Gym | recurrence=weekly
    Call mom every sun | Call mom | recurrence=weekly
    Team sync every 2 weeks | Team sync | recurrence=biweekly
    Team sync every other week | Team sync | recurrence=biweekly
    Backup every 3 weeks | Backup | recurrence=weekly
    Rent every month | Rent | recurrence=monthly
    Rent every month on the 15th | Rent | recurrence=monthly
    Rent every month on the last day | Rent | recurrence=monthly
    Rent every 15th | Rent | recurrence=monthly
    Haircut every! 3 weeks | Haircut | recurrence=weekly
    Haircut every! month | Haircut | recurrence=monthly
    Every cloud | Every cloud |
    every day counts | counts | recurrence=daily
    "#1 fan" mug | "#1 fan" mug |
    "Buy tomorrow" stickers | "Buy tomorrow" stickers |
    Read "Dune" tomorrow | Read "Dune" | date=2026-02-13
    \\#1 fan mug | #1 fan mug |
    \\tomorrow never dies | tomorrow never dies |
    Pay \\!!! bill | Pay !!! bill |
    Call  mom  #family | Call  mom | tag=family
    Call mom #family !! tomorrow 30m every sun | Call mom | tag=family priority=2 date=2026-02-13 duration=30 recurrence=weekly
    Call mom +family pri:M due:tomorrow | Call mom | tag=family priority=2 due=2026-02-13
    #work !!! * @deep 2h tomorrow Write spec | Write spec | tag=work priority=3 urgent=true type=deepWork duration=120 date=2026-02-13
    Write spec #work !!! * @deep 2h tomorrow | Write spec | tag=work priority=3 urgent=true type=deepWork duration=120 date=2026-02-13
    Pay rent every month on the last day #money | Pay rent | recurrence=monthly tag=money
    Müll rausbringen #zuhause @errand due fri ~20 | Müll rausbringen | tag=zuhause type=errand due=2026-02-13 duration=20
    Weihnachtsgeschenke kaufen dec 20 #familie | Weihnachtsgeschenke kaufen | date=2026-12-20 tag=familie
    Café mit Zoë tomorrow | Café mit Zoë | date=2026-02-13
    Ünïcödé #tåg !! | Ünïcödé | tag=tåg priority=2
    🎂 Birthday party #fun sat | 🎂 Birthday party | tag=fun date=2026-02-14
    Call mom tomorrow #family !! | Call mom | date=2026-02-13 tag=family priority=2
    Meet at the office at fri | Meet at the office | date=2026-02-13
    Buy 2 apples | Buy 2 apples |
    Chapter 11 | Chapter 11 |
    Route 66 trip | Route 66 trip |
    Call mom in 3 | Call mom in 3 |
    Call mom 12/1 | Call mom 12/1 |
    Call mom tomorow | Call mom tomorow |
    Call mom on | Call mom on |
    Call mom due | Call mom due |
    Call mom at 3pm | Call mom | time=15:00
    Report deadline fri | Report | due=2026-02-13
    Bericht bis Freitag | Bericht | due=2026-02-13
    Steuern Frist 28. feb | Steuern | due=2026-02-28
    Cook dinner tonight | Cook dinner | evening=true
    Oma anrufen heute Abend | Oma anrufen | evening=true
    Call mom 3pm | Call mom | time=15:00
    Call mom 3:30pm tomorrow | Call mom | time=15:30 date=2026-02-13
    Call mom at 3 pm | Call mom | time=15:00
    Standup 9:00 #work | Standup | time=09:00 tag=work
    Standup tomorrow 09:15 | Standup | date=2026-02-13 time=09:15
    Late call 12am | Late call | time=00:00
    Lunch 12pm | Lunch | time=12:00
    Zahnarzt morgen um 15 Uhr | Zahnarzt | date=2026-02-13 time=15:00
    Zahnarzt morgen 15:30 Uhr | Zahnarzt | date=2026-02-13 time=15:30
    Treffen um 9:00 | Treffen | time=09:00
    Read chapter 3 | Read chapter 3 |
    Meet at 25:00 | Meet at 25:00 |
    Call at 13pm | Call at 13pm |
    Year 2026 review | Year 2026 review |
    """

  struct Row: CustomTestStringConvertible, Sendable {
    var text: String
    var title: String
    var tokens: [String]
    var testDescription: String { text }
  }

  static let rows: [Row] = table.split(separator: "\n").map { line in
    let parts = line.split(separator: "|", omittingEmptySubsequences: false).map {
      String($0).trimmingCharacters(in: .whitespaces)
    }
    return Row(
      text: String(line.split(separator: "|")[0].dropLast()), title: parts[1],
      tokens: parts[2].split(separator: " ").map(String.init))
  }

  @Test func theTableIsLong() { #expect(Self.rows.count >= 150) }

  @Test(arguments: rows) func line(_ row: Row) {
    let parsed = QuickAdd.parse(row.text, today: Self.today)
    #expect(parsed.title == row.title)
    #expect(parsed.tokens.map { "\($0.kind.rawValue)=\($0.value)" } == row.tokens)
    #expect(parsed.patch.title == row.title)
    // The spans cover exactly what left the title: the text without them is the expected title
    // (spacing aside), so every row checks where its tokens are, not only what they mean.
    if !row.text.contains("\\") && !row.text.contains("\"") {
      var rest = ""
      var cursor = row.text.startIndex
      for token in parsed.tokens {
        #expect(token.range.lowerBound >= cursor, "spans in order")
        rest += row.text[cursor..<max(cursor, token.range.lowerBound)] + " "
        cursor = max(cursor, token.range.upperBound)
      }
      rest += row.text[cursor...]
      func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0 == " " || $0 == "," }).filter { !$0.isEmpty }
      }
      #expect(words(rest) == words(row.title), "what the spans leave is the title")
    }
  }
}
