"""End to end: a malformed VTODO PUT directly on the server is skipped and reported, once."""

from harness import Case


class Malformed(Case):
    def test_a_malformed_vtodo_is_skipped_and_reported(self):
        self.phone.add("good", "SUMMARY:Fine task")
        import requests
        bad = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nBEGIN:VTODO\r\nUID:bad\r\n"
               "SUMMARY:Broken\r\nPRIORITY:high\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        from harness import PASSWORD, USER
        response = requests.put(str(self.phone.calendar.url) + "bad.ics", data=bad.encode(),
                                auth=(USER, PASSWORD.encode()),
                                headers={"Content-Type": "text/calendar"}, timeout=10)
        self.assertIn(response.status_code, (201, 204))
        out, err = self.sync()
        self.assertIn("skipped 1", out)
        self.assertIn("bad.ics", err)
        self.assertIn("Expected int, got: high", err)
        self.assertEqual([t["title"] for t in self.tasks()], ["Fine task"])
        out, err = self.sync()
        self.assertNotIn("bad.ics", err)
