import Foundation
import JSONRPC
import TaskwireCore

/// Error messages in the client's language. Messages are made in English where each error is
/// made; for German they are rewritten here by a small table of the project's own, applied in
/// order. Only `message` changes: `code` and `data` stay language-neutral, so that programs
/// never parse prose.
extension RPCError {
  public func localized(_ language: Language) -> RPCError {
    guard language == .de else { return self }
    var error = self
    var text = message
    for (pattern, template) in Self.germanMessages {
      text = text.replacingOccurrences(of: pattern, with: template, options: .regularExpression)
    }
    error.message = text
    return error
  }

  /// English message patterns and their German; the first ones are whole messages, then
  /// prefixes, then the problems a parameter can have.
  static let germanMessages: [(String, String)] = [
    (#"^Server not initialized: send initialize first$"#, "Server nicht initialisiert: zuerst initialize senden"),
    (#"^Task (\d+) not found$"#, "Aufgabe $1 nicht gefunden"),
    (
      #"^Task (\d+) is completed; reopen it with task/complete first$"#,
      "Aufgabe $1 ist erledigt; zuerst mit task/complete wieder öffnen"
    ),
    (#"^(\S+) is in the past \(today is (\S+)\)$"#, "$1 liegt in der Vergangenheit (heute ist $2)"),
    (#"^Nothing to undo$"#, "Nichts rückgängig zu machen"),
    (#"^Nothing to redo$"#, "Nichts wiederherzustellen"),
    (
      #"^History conflict: task (\d+) changed since '(.*)'; nothing was undone$"#,
      "Konflikt im Verlauf: Aufgabe $1 wurde seit '$2' geändert; nichts wurde rückgängig gemacht"
    ),
    (
      #"^History conflict: task (\d+) changed since '(.*)'; nothing was redone$"#,
      "Konflikt im Verlauf: Aufgabe $1 wurde seit '$2' geändert; nichts wurde wiederhergestellt"
    ),
    (
      #"^The (\S+) view changed since version (\d+) \(now (\d+)\); list it again$"#,
      "Die Ansicht $1 hat sich seit Version $2 geändert (jetzt $3); bitte neu laden"
    ),
    (
      #"^The store is locked by another process; try again$"#,
      "Der Speicher ist von einem anderen Prozess gesperrt; bitte erneut versuchen"
    ),
    (
      #"^The store failed \(read-only, full or damaged\): "#,
      "Der Speicher ist ausgefallen (schreibgeschützt, voll oder beschädigt): "
    ),
    (#"^The file cannot be imported: "#, "Die Datei kann nicht importiert werden: "),
    (#"^Invalid params: "#, "Ungültige Parameter: "),
    (#"^Invalid request: "#, "Ungültige Anfrage: "),
    (#"^Parse error: "#, "Lesefehler: "),
    (#"^Method not found: "#, "Unbekannte Methode: "),
    (#"^Internal error: "#, "Interner Fehler: "),
    // The structure's and the batch's (issue 29, 34), before the general rules below.
    (
      #" is required: '(.*)' holds (\d+) open items; delete them with it, or keep them$"#,
      " fehlt: '$1' enthält $2 offene Einträge; mit ihm löschen (delete) oder behalten (keep)"
    ),
    (#" is required: an array of \{method, params\}$"#, " fehlt: ein Array von {method, params}"),
    (
      #" (\d+) is not an open project, heading or area$"#,
      " $1 ist kein offenes Projekt, keine Überschrift, kein Bereich"
    ),
    (
      #" a task goes into a project or a heading or an area, not an? (\w+)$"#,
      " eine Aufgabe gehört in ein Projekt, unter eine Überschrift oder in einen Bereich, nicht in: $1"
    ),
    (#" a heading goes into a project, not an? (\w+)$"#, " eine Überschrift gehört in ein Projekt, nicht in: $1"),
    (#" a project goes into an area, not an? (\w+)$"#, " ein Projekt gehört in einen Bereich, nicht in: $1"),
    // Times of day.
    (#" must be a time of day as HH:MM \(00:00 to 23:59\)$"#, " muss eine Uhrzeit als HH:MM sein (00:00 bis 23:59)"),
    (#" needs a scheduledDate: (\d\d:\d\d) on which day\?$"#, " braucht ein scheduledDate: $1 an welchem Tag?"),
    // Someday, Anytime, cancelling, a task made a project.
    (
      #" only a task or a project goes on Someday or Anytime, not an? (\w+)$"#,
      " nur eine Aufgabe oder ein Projekt kommt auf Irgendwann oder Jederzeit, nicht: $1"
    ),
    (#" only a task or a project goes on Someday$"#, " nur eine Aufgabe oder ein Projekt kommt auf Irgendwann"),
    (
      #" cannot go with a scheduledDate: a task with a date is not on Someday$"#,
      " geht nicht mit scheduledDate: eine Aufgabe mit Datum liegt nicht auf Irgendwann"
    ),
    (
      #" a task in no project or area with no date is in the Inbox: move it to the Inbox$"#,
      " eine Aufgabe ohne Projekt, Bereich und Datum liegt im Eingang: in den Eingang verschieben"
    ),
    (
      #" is an? (\w+); only a task is made a project$"#,
      " ist keine Aufgabe, sondern: $1; nur eine Aufgabe wird zum Projekt"
    ),
    (#" must be "project": a task is made a project$"#, #" muss "project" sein: eine Aufgabe wird zum Projekt"#),
    (#" goes with a completion, not with "completed": false$"#, #" gehört zum Erledigen, nicht zu "completed": false"#),
    (
      #" is not taken with view "(.*)": its order is its projects'$"#,
      #" gilt nicht mit der Ansicht "$1": ihre Reihenfolge ist die ihrer Projekte"#
    ),
    (#" an area has no parent$"#, " ein Bereich liegt in nichts anderem"),
    (#" a heading needs its project$"#, " eine Überschrift braucht ihr Projekt"),
    (#" an item cannot be its own parent$"#, " ein Eintrag kann nicht in sich selbst liegen"),
    (#" (\d+) is not a heading of project (\d+)$"#, " $1 ist keine Überschrift des Projekts $2"),
    (#" cannot change; make a new item instead$"#, " kann sich nicht ändern; stattdessen einen neuen Eintrag anlegen"),
    (
      #" a (\w+) is moved in the projects and project views$"#,
      " ein Eintrag ($1) wird in den Ansichten projects und project verschoben"
    ),
    (#" only a task has a checklist$"#, " nur eine Aufgabe hat eine Checkliste"),
    (#" (\S+) is not a line of task (\d+)'s checklist$"#, " $1 ist keine Zeile der Checkliste von Aufgabe $2"),
    (#" must be a checklist line's uuid$"#, " muss die uuid einer Zeile der Checkliste sein"),
    (#" a checklist holds at most (\d+) lines$"#, " eine Checkliste hat höchstens $1 Zeilen"),
    (#" an area is not completed; delete it or keep it$"#, " ein Bereich wird nicht erledigt; löschen oder behalten"),
    (
      #" there is no open (project|heading) named "(.*)"; did you mean "(.*)"\?$"#,
      #" es gibt kein offenes Element ($1) namens "$2"; meinten Sie "$3"?"#
    ),
    (#" there is no open (project|heading) named "(.*)"$"#, #" es gibt kein offenes Element ($1) namens "$2""#),
    (#" must hold 1 to (\d+) requests, got (\d+)$"#, " muss 1 bis $1 Anfragen enthalten, nicht $2"),
    (
      #" is not taken inside task/batch: the batch is planned on the tasks as they are when it commits$"#,
      " gilt nicht in task/batch: der Stapel wird auf den Aufgaben geplant, wie sie beim Speichern sind"
    ),
    (
      #" must be a task id, or @N naming an earlier task/create of this batch$"#,
      " muss eine Aufgabennummer sein oder @N für ein früheres task/create dieses Stapels"
    ),
    (#" is not taken with view "(.*)"$"#, #" gilt nicht mit der Ansicht "$1""#),
    (#" must be at most (\d+) bytes$"#, " darf höchstens $1 Bytes lang sein"),
    (#"nicht in: task$"#, "nicht in eine Aufgabe"),
    (#"nicht in: project$"#, "nicht in ein Projekt"),
    (#"nicht in: heading$"#, "nicht unter eine Überschrift"),
    (#"nicht in: area$"#, "nicht in einen Bereich"),
    (#"nicht: area$"#, "kein Bereich"),
    (#"nicht: heading$"#, "keine Überschrift"),
    (#"sondern: project; "#, "sondern ein Projekt; "),
    (#"sondern: heading; "#, "sondern eine Überschrift; "),
    (#"sondern: area; "#, "sondern ein Bereich; "),
    (#" is required(.*)$"#, " fehlt$1"),
    (#" must not be empty$"#, " darf nicht leer sein"),
    (#" is not an active subscription$"#, " ist kein aktives Abonnement"),
    (#" must not be null$"#, " darf nicht null sein"),
    (#" is not a parameter of this method \(known: "#, " ist kein Parameter dieser Methode (bekannt: "),
    (
      #"cannot read the date "(.*)": numeric dates are ambiguous \(12/1 is December 1 or January 12\); write 2026-12-01 or dec 1$"#,
      #"kann das Datum "$1" nicht lesen: Zahlendaten sind mehrdeutig (12/1 ist der 1. Dezember oder der 12. Januar); schreiben Sie 2026-12-01 oder 1. dez"#
    ),
    (#"cannot read the date "(.*)"; did you mean "(.*)"\?$"#, #"kann das Datum "$1" nicht lesen; meinten Sie "$2"?"#),
    (
      #"cannot read the date "(.*)"; try .*$"#,
      #"kann das Datum "$1" nicht lesen; versuchen Sie heute, morgen, fr, nächsten montag, in 3 tagen, 24. dez oder JJJJ-MM-TT"#
    ),
    (
      #" leaves no title once its tokens are read \("(.*)"\); put the title in quotes or escape a token with \\$"#,
      #" lässt keinen Titel übrig, wenn seine Angaben gelesen sind ("$1"); setzen Sie den Titel in Anführungszeichen oder schreiben Sie \\ vor eine Angabe"#
    ),
    (#" must be an integer, got (.*)$"#, " muss eine ganze Zahl sein, nicht $1"),
    (#" must be a string, got (.*)$"#, " muss ein Text sein, nicht $1"),
    (#" must be true or false, got (.*)$"#, " muss true oder false sein, nicht $1"),
    (#" must be from (-?\d+) to (-?\d+)$"#, " muss zwischen $1 und $2 liegen"),
    (#" must be one of (.*)$"#, " muss eines von $1 sein"),
    (#" must be 1 \(low\), 2 \(medium\) or 3 \(high\)$"#, " muss 1 (niedrig), 2 (mittel) oder 3 (hoch) sein"),
    (
      #" must be an object with named members, not an array$"#,
      " muss ein Objekt mit benannten Einträgen sein, kein Array"
    ),
    (
      #" must be after today for an Upcoming group; move to Today instead$"#,
      " muss nach heute liegen für eine Gruppe von Demnächst; stattdessen nach Heute verschieben"
    ),
    (#" must be from 0 to (\d+) for this list$"#, " muss für diese Liste zwischen 0 und $1 liegen"),
    (
      #" and title exclude each other: text holds the title and its tokens$"#,
      " und title schließen einander aus: text enthält den Titel und seine Angaben"
    ),
    (#" is not allowed with pattern "(.*)"$"#, #" ist beim Muster "$1" nicht erlaubt"#),
    (#" is only taken with view "(.*)"$"#, #" gilt nur mit der Ansicht "$1""#),
    (#" fehlt to move into Upcoming: the day group's date$"#, " fehlt für Demnächst: das Datum der Tagesgruppe"),
    (
      #" fehlt to move into the matrix: do, schedule, delegate or eliminate$"#,
      " fehlt für die Matrix: do, schedule, delegate oder eliminate"
    ),
    (
      #" fehlt: a date, a phrase, or null for Inbox$"#,
      " fehlt: ein Datum, eine Angabe wie morgen, oder null für den Eingang"
    ),
    (#" must be a string or null, got (.*)$"#, " muss ein Text oder null sein, nicht $1"),
    (
      #" must be an ISO 8601 time such as (\S+), in years 2 to 9998$"#,
      " muss eine ISO-8601-Zeit wie $1 sein, in den Jahren 2 bis 9998"
    ),
    (#" must be an array of integers, got (.*)$"#, " muss ein Array ganzer Zahlen sein, nicht $1"),
    (#" must be an array of strings, got (.*)$"#, " muss ein Array von Texten sein, nicht $1"),
    (#" must be an object, got (.*)$"#, " muss ein Objekt sein, nicht $1"),
    (#" must be from 1 to 31, or 32 for the last day$"#, " muss zwischen 1 und 31 liegen, oder 32 für den letzten Tag"),
    (
      #" must be inbox, today or upcoming: it picks the default date$"#,
      " muss inbox, today oder upcoming sein: das bestimmt das Datum"
    ),
    (
      #" must be inbox, today, upcoming or matrix: a drag target$"#,
      " muss inbox, today, upcoming oder matrix sein: ein Ziel zum Ziehen"
    ),
    (
      #" must be inbox, today, upcoming, matrix, project, area or projects: a drag target$"#,
      " muss inbox, today, upcoming, matrix, project, area oder projects sein: ein Ziel zum Ziehen"
    ),
    (#" must hold ISO weekdays from 1 \(Mon\) to 7 \(Sun\)$"#, " muss ISO-Wochentage von 1 (Mo) bis 7 (So) enthalten"),
    (#" must hold only 1, 2 or 3$"#, " darf nur 1, 2 oder 3 enthalten"),
    (#" must hold only integers$"#, " darf nur ganze Zahlen enthalten"),
    (#" must hold only strings$"#, " darf nur Texte enthalten"),
    (#" must hold only (.*)$"#, " darf nur $1 enthalten"),
    (#" must not repeat a weekday$"#, " darf keinen Wochentag wiederholen"),
    (
      #" counts from the completion day, so it takes no weekdays or monthDay$"#,
      " zählt ab dem Tag der Erledigung und nimmt daher keine Wochentage und keinen monthDay"
    ),
    (#"needs the server started with --clock$"#, "braucht einen mit --clock gestarteten Server"),
    (#"^the server is shutting down; send exit$"#, "der Server wird beendet; exit senden"),
    // JSON's type names, as the problems above end with them.
    (#"nicht a non-integer number$"#, "nicht eine Zahl mit Nachkommastellen"),
    (#"nicht a number$"#, "nicht eine Zahl"),
    (#"nicht a string$"#, "nicht ein Text"),
    (#"nicht a boolean$"#, "nicht ein Wahrheitswert"),
    (#"nicht an array$"#, "nicht ein Array"),
    (#"nicht an object$"#, "nicht ein Objekt"),
    (#"initialize was already received$"#, "initialize wurde schon empfangen"),
  ]
}
