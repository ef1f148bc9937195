;;; taskwire-view-test.el --- ERT tests of the view buffers against the real server  -*- lexical-binding: t -*-

;;; Commentary:

;; Every view, quick add, a change by another process, a new day, a
;; server that ends, the quick-add spans and the org export, against
;; the real server (see taskwire-test.el for the setting).

;;; Code:

(require 'ert)
(require 'cl-lib)
(require 'taskwire-test)

;;;; Views against the server

(ert-deftest taskwire-open-every-view ()
  (taskwire-test-with-server "en"
    (dolist (view taskwire-view-names)
      (taskwire view)
      (should (eq (current-buffer) (taskwire-view-buffer view)))
      (should (derived-mode-p 'taskwire-view-mode)))
    (should (string-match-p "\\`Today · Thu, Feb 12\n  (empty)\n\\'" (taskwire-test-text "today")))
    (should (string-match-p "\\`Inbox\n  (empty)\n\\'" (taskwire-test-text "inbox")))
    (should (equal (taskwire-test-text "upcoming") "  (nothing upcoming)\n"))
    (should (string-match-p "Urgent & important" (taskwire-test-text "matrix")))
    (should (equal (taskwire-test-text "logbook") "  (nothing completed yet)\n"))
    (should (equal (taskwire-test-text "projects") "No area\n  (no projects)\n"))))

(ert-deftest taskwire-navigation-keys ()
  (taskwire-test-with-server "en"
    (taskwire-test-create "a tomorrow" "upcoming")
    (taskwire-test-create "b tomorrow" "upcoming")
    (taskwire-test-create "c sat" "upcoming")
    (taskwire-upcoming)
    (goto-char (point-min))
    (taskwire-test-key "upcoming" "n")
    (should (equal (taskwire-test-line "upcoming") "[ ] a"))
    (taskwire-test-key "upcoming" "n")
    (taskwire-test-key "upcoming" "n")
    (should (equal (taskwire-test-line "upcoming") "[ ] c"))
    (taskwire-test-key "upcoming" "n")
    (should (equal (taskwire-test-line "upcoming") "[ ] c"))
    (taskwire-test-key "upcoming" "p")
    (should (equal (taskwire-test-line "upcoming") "[ ] b"))
    (taskwire-test-key "upcoming" "M-n")
    (should (equal (taskwire-test-line "upcoming") "Sat, Feb 14 · 15m"))
    (taskwire-test-key "upcoming" "M-p")
    (should (equal (taskwire-test-line "upcoming") "Tomorrow · Fri, Feb 13 · 30m"))
    (revert-buffer)
    (should (equal (taskwire-test-titles "upcoming") '("a" "b" "c")))))

(ert-deftest taskwire-capture-from-anywhere ()
  (taskwire-test-with-server "en"
    (taskwire-inbox)
    (with-temp-buffer
      (cl-letf (((symbol-function 'read-string) (lambda (&rest _) "Read the paper #news")))
        (call-interactively #'taskwire-capture)))
    (should (equal taskwire-test-message "taskwire: Added 'Read the paper' to Inbox"))
    (taskwire-test-wait-for "inbox" "\\[ \\] Read the paper  #news")
    (taskwire-capture "Dentist on fri")
    (should (equal taskwire-test-message "taskwire: Added 'Dentist' to Upcoming: Fri, Feb 13"))))

(ert-deftest taskwire-quick-add-in-today ()
  (taskwire-test-with-server "en"
    (taskwire-today)
    (taskwire-upcoming)
    (with-current-buffer (taskwire-view-buffer "today")
      (taskwire-add "Call mom #family !! 30m")
      (should (equal (taskwire-test-line "today") "[ ] Call mom  !!  #family  30m"))
      (should (string-match-p "\\`Today · Thu, Feb 12 · 30m\n" (taskwire-test-text "today")))
      ;; a date typed in Today files the task in Upcoming, which is said
      (cl-letf (((symbol-function 'read-string) (lambda (&rest _) "Buy milk tomorrow")))
        (taskwire-test-key "today" "a"))
      (should (equal taskwire-test-message "taskwire: Added 'Buy milk' to Upcoming: Fri, Feb 13")))
    (taskwire-test-wait-for "upcoming" "Tomorrow · Fri, Feb 13 · 15m\n\\[ \\] Buy milk\n")))

(ert-deftest taskwire-another-process-changes-the-live-buffer ()
  (taskwire-test-with-server "en"
    (taskwire-test-create "first")
    (taskwire-test-create "second")
    (let ((third (taskwire-test-create "third")))
      (taskwire-today)
      (taskwire-test-goto "today" "second")
      (taskwire-test-other-process
       "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"task/create\",\"params\":{\"text\":\"from tw #shell\",\"view\":\"today\"}}"
       (format "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"task/move\",\"params\":{\"id\":%d,\"view\":\"today\",\"index\":0}}"
               third))
      (taskwire-test-wait-for "today" "from tw")
      (taskwire-rpc-wait (lambda () (equal (car (taskwire-test-titles "today")) "third")) 3)
      (should (equal (taskwire-test-titles "today") '("third" "first" "second" "from tw")))
      (should (equal (taskwire-test-line "today") "[ ] second"))
      (should (string-match-p "from tw  #shell" (taskwire-test-text "today")))
      ;; the task at point moved by the other process: point goes with it
      (taskwire-test-other-process
       "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"task/move\",\"params\":{\"id\":2,\"view\":\"today\",\"index\":3}}")
      (taskwire-rpc-wait (lambda () (equal (car (last (taskwire-test-titles "today"))) "second")) 3)
      (should (equal (taskwire-test-titles "today") '("third" "first" "from tw" "second")))
      (should (equal (taskwire-test-line "today") "[ ] second"))
      (with-current-buffer (taskwire-view-buffer "today")
        (should (= (line-number-at-pos) 5))))))

(ert-deftest taskwire-add-in-upcoming-on-the-day-at-point ()
  (taskwire-test-with-server "en"
    (taskwire-test-create "dentist sat" "upcoming")
    (taskwire-upcoming)
    (taskwire-test-goto "upcoming" "dentist")
    (with-current-buffer (taskwire-view-buffer "upcoming")
      (taskwire-add "bring card #health")
      (should (equal (taskwire-test-line "upcoming") "[ ] bring card  #health"))
      ;; a typed date wins over the day at point
      (taskwire-add "call back on mon"))
    (should (string-match-p "\\`Sat, Feb 14 · 30m\n\\[ \\] dentist\n\\[ \\] bring card  #health\n\nMon, Feb 16 · 15m\n\\[ \\] call back\n"
                            (taskwire-test-text "upcoming")))))

(ert-deftest taskwire-views-subscribe-again-after-the-server-ended ()
  (taskwire-test-with-server "en"
    (taskwire-test-create "survivor")
    (taskwire-today)
    (delete-process taskwire-rpc--process)
    (taskwire-rpc-wait (lambda () (not (taskwire-rpc-live-p))) 2)
    (should-not (taskwire-rpc-live-p))
    (should-not (buffer-local-value 'taskwire-view-subscription (taskwire-view-buffer "today")))
    ;; the next request starts a server, and the open views subscribe again
    (taskwire-test-create "after restart")
    (should (buffer-local-value 'taskwire-view-subscription (taskwire-view-buffer "today")))
    (taskwire-test-wait-for "today" "after restart")))

(ert-deftest taskwire-a-new-day-reaches-the-buffers ()
  (taskwire-test-with-server "en"
    (taskwire-test-create "today's")
    (taskwire-test-create "tomorrow's due tomorrow" "upcoming")
    (taskwire-today)
    (taskwire-upcoming)
    (should (string-match-p "\\`Tomorrow · Fri, Feb 13 · 15m\n\\[ \\] tomorrow's  due tomorrow\n"
                            (taskwire-test-text "upcoming")))
    (taskwire-test-goto "today" "today's")
    (taskwire-rpc-request 'test/setClock '(:now "2026-02-13T08:00:00Z"))
    (taskwire-test-wait-for "today" "\\`Today · Fri, Feb 13 · 30m\n")
    (should (equal (taskwire-test-text "today")
                   "Today · Fri, Feb 13 · 30m\n[ ] today's  overdue\n[ ] tomorrow's  due today\n"))
    (should (equal (taskwire-test-line "today") "[ ] today's  overdue"))
    (taskwire-test-wait-for "upcoming" "\\`  (nothing upcoming)\n\\'")))

(ert-deftest taskwire-a-dead-server-is-said-plainly ()
  (taskwire-test-with-server "en"
    (taskwire-today)
    (delete-process taskwire-rpc--process)
    (taskwire-rpc-wait (lambda () (not (taskwire-rpc-live-p))) 2)
    (should (string-match-p "\\`taskwire: the server ended" taskwire-test-message)))
  (let ((taskwire-server-program (expand-file-name "no-such-taskwire" (getenv "TW_TEST_TMP"))))
    (should-error (taskwire-today) :type 'user-error))
  ;; a store the server cannot open: its own words
  (let ((taskwire-server-program (getenv "TASKWIRE"))
        (taskwire-store (expand-file-name "not-a-store" (getenv "TW_TEST_TMP"))))
    (with-temp-file taskwire-store (insert "hello\n"))
    (let ((err (should-error (taskwire-today) :type 'user-error)))
      (should (string-match-p "the server ended: taskwire: cannot open the store" (cadr err))))
    (taskwire-test--kill-views)))

(ert-deftest taskwire-language-follows-the-environment ()
  (let ((taskwire-language nil)
        (current-language-environment "German"))
    (should (equal (taskwire-rpc-locale) "de")))
  (let ((taskwire-language nil)
        (current-language-environment "English"))
    (should (equal (taskwire-rpc-locale) "en"))))

(ert-deftest taskwire-quick-add-highlights-spans ()
  (taskwire-test-with-server "en"
    (with-temp-buffer
      (insert "Call mom #family !! 30m tomorrow")
      (let ((taskwire-quickadd--view "today"))
        (taskwire-quickadd--highlight))
      (let ((faces (mapcar (lambda (o) (list (buffer-substring (overlay-start o) (overlay-end o))
                                             (overlay-get o 'face)))
                           (sort (overlays-in (point-min) (point-max))
                                 (lambda (a b) (< (overlay-start a) (overlay-start b)))))))
        (should (equal faces '(("#family" taskwire-quickadd-tag)
                               ("!!" taskwire-quickadd-token)
                               ("30m" taskwire-quickadd-token)
                               ("tomorrow" taskwire-quickadd-date))))))))

(ert-deftest taskwire-org-export-writes-today-and-upcoming ()
  (taskwire-test-with-server "en"
    (taskwire-test-create "Call mom #family !!! due fri")
    (taskwire-test-create "Dentist tomorrow")
    (let ((file (taskwire-org-export (expand-file-name "agenda.org" (getenv "TW_TEST_TMP")))))
      (with-temp-buffer
        (insert-file-contents file)
        (should (string-match-p (concat "^\\* Today · Thu, Feb 12 · 15m\n"
                                        "\\*\\* TODO \\[#A\\] Call mom :family:\n"
                                        "   SCHEDULED: <2026-02-12 Thu> DEADLINE: <2026-02-13 Fri>\n")
                                (buffer-string)))
        (should (string-match-p "^\\* Tomorrow · Fri, Feb 13 · 15m\n\\*\\* TODO Dentist\n"
                                (buffer-string)))))))

(ert-deftest taskwire-org-sync-mode-keeps-the-file-current ()
  (taskwire-test-with-server "en"
    (let ((taskwire-org-file (expand-file-name "synced.org" (getenv "TW_TEST_TMP"))))
      (unwind-protect
          (progn
            (taskwire-org-sync-mode 1)
            (should (file-exists-p taskwire-org-file))
            (taskwire-test-other-process
             "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"task/create\",\"params\":{\"text\":\"Dentist #health\",\"view\":\"today\"}}")
            (taskwire-rpc-wait
             (lambda ()
               (with-temp-buffer
                 (insert-file-contents taskwire-org-file)
                 (string-match-p "^\\*\\* TODO Dentist :health:$" (buffer-string))))
             3)
            (with-temp-buffer
              (insert-file-contents taskwire-org-file)
              (should (string-match-p "^\\*\\* TODO Dentist :health:$" (buffer-string)))))
        (taskwire-org-sync-mode -1)))))

;; A time typed in quick add: the first part after the title in `taskwire-time'; in
;; Upcoming a time alone is the time on the day at point; German reads "um 15:30 Uhr"; the
;; quick add highlight and the org export carry it.
(ert-deftest taskwire-quick-add-a-time ()
  (taskwire-test-with-server "en"
    (taskwire-test-create "dentist sat" "upcoming")
    (taskwire-today)
    (taskwire-upcoming)
    (with-current-buffer (taskwire-view-buffer "today")
      (taskwire-add "Stand-up 9:30 @meeting")
      (should (equal (taskwire-test-line "today") "[ ] Stand-up  9:30 AM  @meeting"))
      (should (eq (get-text-property (+ (line-beginning-position) 14) 'face) 'taskwire-time)))
    (taskwire-test-goto "upcoming" "dentist")
    (with-current-buffer (taskwire-view-buffer "upcoming")
      (taskwire-add "bring card 3pm"))
    (taskwire-test-wait-for "upcoming" "\\`Sat, Feb 14 · 30m\n\\[ \\] dentist\n\\[ \\] bring card  3 PM\n")
    (with-temp-buffer
      (insert "Dentist tomorrow at 3pm")
      (let ((taskwire-quickadd--view "today"))
        (taskwire-quickadd--highlight))
      (should (equal (mapcar (lambda (o) (list (buffer-substring (overlay-start o) (overlay-end o))
                                               (overlay-get o 'face)))
                             (sort (overlays-in (point-min) (point-max))
                                   (lambda (a b) (< (overlay-start a) (overlay-start b)))))
                     '(("tomorrow" taskwire-quickadd-date) ("at 3pm" taskwire-quickadd-date)))))
    (with-temp-buffer
      (insert (taskwire-org-text))
      (should (string-match-p "^\\*\\* TODO bring card\n   SCHEDULED: <2026-02-14 Sat 15:00>\n"
                              (buffer-string))))
    (taskwire-set-language "de")
    (taskwire-test-wait-for "upcoming" "\\[ \\] bring card  15:00\n")
    (with-current-buffer (taskwire-view-buffer "today")
      (taskwire-add "Zahnarzt um 15:30 Uhr")
      (should (equal (taskwire-test-line "today") "[ ] Zahnarzt  15:30")))))

(provide 'taskwire-view-test)
;;; taskwire-view-test.el ends here
