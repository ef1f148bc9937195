"""End to end: the manual order both ways (X-APPLE-SORT-ORDER)."""

from harness import Case, set_prop


class Order(Case):
    def test_manual_order_both_ways(self):
        ids = [self.tw.call("task/create", {"title": t, "view": "inbox"})["task"]["id"]
               for t in ("One", "Two", "Three")]
        self.sync()
        def phone_order():
            todos = self.phone.todos().values()
            return [str(t["SUMMARY"]) for t in sorted(todos, key=lambda t: int(t["X-APPLE-SORT-ORDER"]))]
        self.assertEqual(phone_order(), ["One", "Two", "Three"])
        self.tw.call("task/move", {"id": ids[2], "view": "inbox", "index": 0})
        self.sync()
        self.assertEqual(phone_order(), ["Three", "One", "Two"])
        # the phone drags "Two" to the top
        top = min(int(t["X-APPLE-SORT-ORDER"]) for t in self.phone.todos().values())
        uid = [u for u, t in self.phone.todos().items() if str(t["SUMMARY"]) == "Two"][0]
        self.phone.edit(uid, set_prop("X-APPLE-SORT-ORDER", str(top - 1000)))
        self.sync()
        inbox = self.tw.call("view/list", {"view": "inbox"})["groups"][0]["tasks"]
        self.assertEqual([t["title"] for t in inbox], ["Two", "Three", "One"])
        self.assertEqual(phone_order(), ["Two", "Three", "One"])
