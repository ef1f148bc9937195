;;; taskwire-test.el --- ERT tests of taskwire.el against the real server  -*- lexical-binding: t -*-

;;; Commentary:

;; Run by test/run.sh: TASKWIRE names the server binary, TW_TEST_TMP a
;; temporary folder.  Each test that needs a server gets a fresh store
;; in that folder, the clock standing still at 2026-02-12T08:00:00Z
;; (a Thursday) in Europe/Berlin, and asserts what a person sees in
;; the view buffers.

;;; Code:

(require 'ert)
(require 'cl-lib)
(require 'taskwire)

(defvar taskwire-test--counter 0)

(defvar taskwire-test-message nil
  "The last message shown.")

(define-advice message (:after (format-string &rest args) taskwire-test)
  (setq taskwire-test-message (and format-string (apply #'format format-string args))))

(defconst taskwire-test--clock '("--clock" "2026-02-12T08:00:00Z" "--time-zone" "Europe/Berlin"))

(defun taskwire-test--kill-views ()
  (dolist (buffer (buffer-list))
    (when (with-current-buffer buffer (derived-mode-p 'taskwire-view-mode))
      (kill-buffer buffer))))

(defmacro taskwire-test-with-server (language &rest body)
  "Run BODY with a fresh server on a fresh store, in LANGUAGE."
  (declare (indent 1) (debug t))
  `(let* ((taskwire-store (expand-file-name
                           (format "store-%d.sqlite" (cl-incf taskwire-test--counter))
                           (getenv "TW_TEST_TMP")))
          (taskwire-server-program (getenv "TASKWIRE"))
          (taskwire-server-arguments taskwire-test--clock)
          (taskwire-language ,language)
          (taskwire-quickadd-highlight nil))
     (unwind-protect
         (progn (taskwire-rpc-start) ,@body)
       (taskwire-test--kill-views)
       (taskwire-rpc-stop))))

(defun taskwire-test-text (view)
  "The text of VIEW's buffer, without properties."
  (with-current-buffer (taskwire-view-buffer view)
    (buffer-substring-no-properties (point-min) (point-max))))

(defun taskwire-test-wait-for (view regexp &optional absent)
  "Wait until VIEW's buffer matches REGEXP (or, with ABSENT, no longer does)."
  (taskwire-rpc-wait (lambda () (let ((found (string-match-p regexp (taskwire-test-text view))))
                                  (if absent (not found) found)))
                     3)
  (should (equal (and (string-match-p regexp (taskwire-test-text view)) t) (not absent))))

(defun taskwire-test-line (view)
  "The line at point in VIEW's buffer."
  (with-current-buffer (taskwire-view-buffer view)
    (buffer-substring-no-properties (line-beginning-position) (line-end-position))))

(defun taskwire-test-goto (view title)
  "Put point on the line of TITLE in VIEW's buffer."
  (with-current-buffer (taskwire-view-buffer view)
    (goto-char (point-min))
    (should (re-search-forward (concat "^\\[.\\] " (regexp-quote title) "\\b") nil t))
    (beginning-of-line)))

(defun taskwire-test-create (text &optional view)
  "Create a task from quick add TEXT in VIEW (default today); its id."
  (plist-get (plist-get (taskwire-rpc-request 'task/create (list :text text :view (or view "today")))
                        :task)
             :id))

(defun taskwire-test-key (view keys)
  "Run the command KEYS are bound to in VIEW's buffer."
  (with-current-buffer (taskwire-view-buffer view)
    (let ((command (key-binding (kbd keys))))
      (should (commandp command))
      (call-interactively command))))

(defun taskwire-test-other-process (&rest requests)
  "Send REQUESTS (JSON lines) to a second taskwire process on the same store."
  (with-temp-buffer
    (insert "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"clientInfo\":{\"name\":\"other\"}}}\n")
    (dolist (request requests) (insert request "\n"))
    (let ((status (apply #'call-process-region (point-min) (point-max) (getenv "TASKWIRE")
                         t t nil "--db" taskwire-store "--quiet" taskwire-test--clock)))
      (should (equal status 0))
      (should-not (string-match-p "\"error\"" (buffer-string))))))

(defun taskwire-test-titles (view)
  "The task titles VIEW's buffer shows, in order."
  (let (titles)
    (with-current-buffer (taskwire-view-buffer view)
      (save-excursion
        (goto-char (point-min))
        (while (re-search-forward "^\\[.\\] \\(.*?\\)\\(  \\|$\\)" nil t)
          (push (match-string-no-properties 1) titles))))
    (nreverse titles)))

;;;; The display convention, without a server

(ert-deftest taskwire-display-task-line ()
  (let ((task '(:id 1 :title "Call mom" :priority 2 :urgent t :tags ["family" "phone"]
                    :type "errand" :durationMinutes 30
                    :recurrence (:pattern "weekly") :scheduledDate "2026-02-12"
                    :dueDate "2026-02-13" :completed :json-false)))
    (should (equal (substring-no-properties
                    (taskwire-display-task-line task "2026-02-12" "en"))
                   "[ ] Call mom  !!  *  #family #phone  @errand  30m  ↻ weekly  due tomorrow"))
    (should (equal (substring-no-properties
                    (taskwire-display-task-line (plist-put (copy-sequence task) :dueDate "2026-02-10")
                                                "2026-02-12" "de"))
                   "[ ] Call mom  !!  *  #family #phone  @errand  30m  ↻ weekly  fällig Di, 10. Feb.  überfällig  nach Fälligkeit"))
    (should (eq (get-text-property (- (length "[ ] Call mom  !!  *  #family #phone  @errand  30m  ↻ weekly  due") 1)
                                   'face
                                   (taskwire-display-task-line (plist-put (copy-sequence task) :dueDate "2026-02-12")
                                                               "2026-02-12" "en"))
                'taskwire-due-today))))

(ert-deftest taskwire-display-headers-and-days ()
  (should (equal (taskwire-display-duration 90) "1h30m"))
  (should (equal (taskwire-display-repeat-words '(:pattern "daily" :interval 3)) "every 3 days"))
  (should (equal (taskwire-display-repeat-words '(:pattern "weekly" :afterCompletion t)) "weekly!"))
  (should (equal (taskwire-display-day "2027-01-04" "2026-02-12" "en") "Jan 4, 2027"))
  (should (equal (taskwire-display-day "2026-11-25" "2026-02-12" "de") "Mi, 25. Nov."))
  (should (equal (substring-no-properties
                  (taskwire-display-header '(:title "Tomorrow" :date "2026-02-13"
                                                    :tasks ((:durationMinutes 30) (:id 2)))
                                           "2026-02-12" "en"))
                 "Tomorrow · Fri, Feb 13 · 45m"))
  (should (equal (substring-no-properties
                  (taskwire-display-header '(:title "Jan 4, 2027" :date "2027-01-04"
                                                    :tasks ((:id 1)))
                                           "2026-02-12" "en"))
                 "Jan 4, 2027 · Mon · 15m")))

(ert-deftest taskwire-diff-ops ()
  (let ((snapshot (taskwire-diff-normalize
                   '(:view "upcoming" :today "2026-02-12" :version 1
                           :groups [(:key "2026-02-13" :title "Tomorrow" :date "2026-02-13"
                                          :tasks [(:id 1 :title "a") (:id 2 :title "b")])]))))
    (taskwire-diff-apply snapshot
                         '(:from 1 :to 2 :today "2026-02-12"
                                 :ops [(:op "insertGroup" :index 1
                                            :group (:key "2026-02-14" :title "Feb 14" :date "2026-02-14"))
                                       (:op "move" :id 1 :from (:group "2026-02-13" :index 0)
                                            :to (:group "2026-02-14" :index 0))
                                       (:op "update" :group "2026-02-13" :index 0 :id 2
                                            :fields (:title "B" :notes nil) :cleared ["notes"])]))
    (should (equal (plist-get snapshot :version) 2))
    (should (equal (mapcar (lambda (g) (mapcar (lambda (task) (plist-get task :title))
                                               (plist-get g :tasks)))
                           (plist-get snapshot :groups))
                   '(("B") ("a"))))
    (should (condition-case nil
                (progn (taskwire-diff-apply snapshot '(:from 7 :to 8 :ops [])) nil)
              (taskwire-diff-mismatch t)))))

;;;; Views against the server

(ert-deftest taskwire-open-every-view ()
  (taskwire-test-with-server "en"
    (dolist (view taskwire-view-names)
      (taskwire view)
      (should (eq (current-buffer) (taskwire-view-buffer view)))
      (should (derived-mode-p 'taskwire-view-mode)))
    (should (string-match-p "\\`Today · Thu, Feb 12\n  (no tasks)\n\\'" (taskwire-test-text "today")))
    (should (string-match-p "\\`Inbox\n  (no tasks)\n\\'" (taskwire-test-text "inbox")))
    (should (equal (taskwire-test-text "upcoming") "  (nothing upcoming)\n"))
    (should (string-match-p "Urgent & important" (taskwire-test-text "matrix")))
    (should (equal (taskwire-test-text "logbook") "  (nothing completed yet)\n"))))

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
    (should (equal taskwire-test-message "taskwire: added 'Read the paper' to Inbox"))
    (taskwire-test-wait-for "inbox" "\\[ \\] Read the paper  #news")
    (taskwire-capture "Dentist on fri")
    (should (equal taskwire-test-message "taskwire: added 'Dentist' to Upcoming: Fri, Feb 13"))))

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
      (should (equal taskwire-test-message "taskwire: added 'Buy milk' to Upcoming: Fri, Feb 13")))
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

(ert-deftest taskwire-move-keys-and-undo ()
  (taskwire-test-with-server "en"
    (dolist (title '("one" "two" "three")) (taskwire-test-create title))
    (taskwire-today)
    (taskwire-test-goto "today" "one")
    (taskwire-test-key "today" "M-<down>")
    (should (equal (taskwire-test-titles "today") '("two" "one" "three")))
    (should (equal (taskwire-test-line "today") "[ ] one"))
    (taskwire-test-key "today" "M-<down>")
    (should (equal (taskwire-test-titles "today") '("two" "three" "one")))
    (should (equal (taskwire-test-line "today") "[ ] one"))
    (taskwire-test-key "today" "M-<up>")
    (should (equal (taskwire-test-titles "today") '("two" "one" "three")))
    (taskwire-test-key "today" "/")
    (should (string-match-p "undid: Reorder 'one' in Today" taskwire-test-message))
    (taskwire-rpc-wait (lambda () (equal (taskwire-test-titles "today") '("two" "three" "one"))))
    (should (equal (taskwire-test-titles "today") '("two" "three" "one")))
    (should (equal (taskwire-test-line "today") "[ ] one"))
    (with-current-buffer (taskwire-view-buffer "today")
      (should-error (taskwire-move-down) :type 'user-error))))

(ert-deftest taskwire-move-across-days-and-quadrants ()
  (taskwire-test-with-server "en"
    (taskwire-test-create "early tomorrow" "upcoming")
    (taskwire-test-create "later sat" "upcoming")
    (taskwire-upcoming)
    (taskwire-test-goto "upcoming" "later")
    (taskwire-test-key "upcoming" "M-<up>")
    (should (string-match-p "Tomorrow · Fri, Feb 13 · 30m\n\\[ \\] early\n\\[ \\] later\n"
                            (taskwire-test-text "upcoming")))
    (should (equal (taskwire-test-line "upcoming") "[ ] later"))
    (taskwire-test-create "quad !!" "inbox")
    (taskwire-matrix)
    (taskwire-test-goto "matrix" "quad")
    (taskwire-test-key "matrix" "M-<up>")
    (should (string-match-p "\\`Urgent & important · 15m\n\\[ \\] quad  !!  \\*\n"
                            (taskwire-test-text "matrix")))
    (should (equal (taskwire-test-line "matrix") "[ ] quad  !!  *"))))

(defun taskwire-test-drag (from-view from-title to-view to-regexp)
  "Drag FROM-TITLE of FROM-VIEW onto the line matching TO-REGEXP in TO-VIEW."
  (let* ((from (taskwire-view-buffer from-view))
         (to (taskwire-view-buffer to-view))
         (start (with-current-buffer from
                  (goto-char (point-min))
                  (re-search-forward (concat "^\\[.\\] " (regexp-quote from-title)))
                  (line-beginning-position)))
         (end (with-current-buffer to
                (goto-char (point-min))
                (re-search-forward to-regexp)
                (line-beginning-position)))
         (window (selected-window))
         (other (if (eq from to) window (split-window window))))
    (set-window-buffer window from)
    (set-window-buffer other to)
    (with-current-buffer from
      (funcall (key-binding [drag-mouse-1])
               (list 'drag-mouse-1 (list window start '(0 . 0) 0)
                     (list other end '(0 . 0) 0))))
    (unless (eq other window) (delete-window other))))

(ert-deftest taskwire-mouse-drags ()
  (taskwire-test-with-server "en"
    (dolist (title '("one" "two" "three")) (taskwire-test-create title))
    (taskwire-test-create "inboxed" "inbox")
    (taskwire-today)
    (taskwire-inbox)
    (taskwire-test-drag "today" "one" "today" "^\\[ \\] three")
    (should (equal (taskwire-test-titles "today") '("two" "three" "one")))
    (taskwire-test-drag "today" "one" "today" "^Today")
    (should (equal (taskwire-test-titles "today") '("one" "two" "three")))
    ;; across windows: from the Inbox onto Today's second task
    (taskwire-test-drag "inbox" "inboxed" "today" "^\\[ \\] two")
    (taskwire-test-wait-for "inbox" "inboxed" t)
    (should (equal (taskwire-test-titles "today") '("one" "inboxed" "two" "three")))))

(ert-deftest taskwire-schedule-through-the-menu ()
  (taskwire-test-with-server "en"
    (taskwire-test-create "plan me")
    (taskwire-today)
    (taskwire-upcoming)
    (taskwire-inbox)
    (taskwire-test-goto "today" "plan me")
    (let (offered)
      (cl-letf (((symbol-function 'completing-read)
                 (lambda (_prompt collection &rest _)
                   (setq offered (all-completions "" collection))
                   (seq-find (lambda (label) (string-prefix-p "Tomorrow" label)) offered))))
        (taskwire-test-key "today" "C-c C-s"))
      ;; the server's menu, in its order
      (should (equal offered '("Today  Thu, Feb 12  •" "Tomorrow  Fri, Feb 13" "Choose date…" "Inbox")))
      (should (equal taskwire-test-message "taskwire: 'plan me' is in Upcoming: Fri, Feb 13")))
    (taskwire-test-wait-for "upcoming" "Tomorrow · Fri, Feb 13 · 15m\n\\[ \\] plan me\n")
    (taskwire-test-wait-for "today" "plan me" t)
    ;; a typed phrase, then the Inbox
    (taskwire-test-goto "upcoming" "plan me")
    (cl-letf (((symbol-function 'completing-read) (lambda (&rest _) "in 3 days")))
      (taskwire-test-key "upcoming" "C-c C-s"))
    (taskwire-test-wait-for "upcoming" "Sun, Feb 15 · 15m\n\\[ \\] plan me\n")
    (taskwire-test-goto "upcoming" "plan me")
    (cl-letf (((symbol-function 'completing-read) (lambda (&rest _) "Inbox")))
      (taskwire-test-key "upcoming" "C-c C-s"))
    (taskwire-test-wait-for "inbox" "\\[ \\] plan me")
    ;; an unreadable phrase: the server's message, plain
    (taskwire-test-goto "inbox" "plan me")
    (cl-letf (((symbol-function 'completing-read) (lambda (&rest _) "tomorow")))
      (taskwire-test-key "inbox" "C-c C-s"))
    (should (string-match-p "\\`taskwire: .*did you mean \"tomorrow\"" taskwire-test-message))
    (should-not (string-match-p "Invalid params\\|-32602" taskwire-test-message))))

(ert-deftest taskwire-done-delete-and-undo ()
  (taskwire-test-with-server "en"
    (taskwire-test-create "finish me")
    (taskwire-test-create "remove me")
    (taskwire-today)
    (taskwire-logbook)
    (taskwire-test-goto "today" "finish me")
    (taskwire-test-key "today" "d")
    (taskwire-test-wait-for "today" "finish me" t)
    (taskwire-test-wait-for "logbook" "\\`Today · Thu, Feb 12 · 15m\n\\[x\\] finish me  done Thu, Feb 12\n")
    (taskwire-test-goto "today" "remove me")
    (cl-letf (((symbol-function 'yes-or-no-p) (lambda (&rest _) nil)))
      (taskwire-test-key "today" "k"))
    (should (member "remove me" (taskwire-test-titles "today")))
    (cl-letf (((symbol-function 'yes-or-no-p) (lambda (&rest _) t)))
      (taskwire-test-key "today" "k"))
    (taskwire-test-wait-for "today" "remove me" t)
    (taskwire-test-key "today" "/")
    (taskwire-test-wait-for "today" "remove me")
    (taskwire-test-key "today" "/")
    (taskwire-test-wait-for "today" "finish me")
    (taskwire-test-wait-for "logbook" "finish me" t)
    (taskwire-test-key "today" "r")
    (taskwire-test-wait-for "today" "finish me" t)
    ;; d in the logbook reopens
    (taskwire-test-wait-for "logbook" "finish me")
    (taskwire-test-goto "logbook" "finish me")
    (taskwire-test-key "logbook" "d")
    (should (equal taskwire-test-message "taskwire: reopened 'finish me'"))
    (taskwire-test-wait-for "today" "\\[ \\] finish me")
    (taskwire-test-wait-for "logbook" "finish me" t)))

(ert-deftest taskwire-edit-every-field-in-a-form ()
  (taskwire-test-with-server "en"
    (taskwire-test-create "Call mom #family")
    (taskwire-today)
    (taskwire-test-goto "today" "Call mom")
    (taskwire-test-key "today" "e")
    (should (eq (window-buffer) (get-buffer "*taskwire edit 1*")))
    (set-buffer "*taskwire edit 1*")
    (should (derived-mode-p 'taskwire-form-mode))
    (should (string-match-p "\\`Title: Call mom\nTags: family\nPriority: 1\nUrgent: no\nDuration: 15m\n"
                            (buffer-string)))
    (goto-char (point-min))
    (re-search-forward "^Duration: .*$")
    (replace-match "Duration: 1h30m")
    (goto-char (point-min))
    (re-search-forward "^Urgent: .*$")
    (replace-match "Urgent: yes")
    (re-search-forward "^Due: .*$")
    (replace-match "Due: fri")
    (goto-char (point-max))
    (insert "call before noon")
    (should (equal (taskwire-form-params)
                   '(:id 1 :urgent t :durationMinutes 90 :dueDate "fri" :notes "call before noon")))
    (funcall (key-binding (kbd "C-c C-c")))
    (taskwire-test-wait-for "today" "Call mom  \\*  #family  1h30m  due tomorrow")
    (taskwire-test-key "today" "/")
    (taskwire-test-wait-for "today" "\\[ \\] Call mom  #family\n")))

(ert-deftest taskwire-filter-a-view ()
  (should (equal (taskwire-filter-parse "#work !! @deep milk * due:fri sort:priority")
                 '((:urgent t :dueBefore "fri" :tagsAny ["work"] :types ["deepWork"]
                            :priorities [2] :text "milk")
                   . "priority")))
  (should-error (taskwire-filter-parse "@nap") :type 'user-error)
  (taskwire-test-with-server "en"
    (taskwire-test-create "Buy milk #shop")
    (taskwire-test-create "Write report #work !!")
    (taskwire-today)
    (with-current-buffer (taskwire-view-buffer "today")
      (taskwire-filter "#work")
      (should (equal header-line-format " Filter: #work")))
    (should (equal (taskwire-test-titles "today") '("Write report")))
    ;; a task entering the filter is pushed like any other change
    (taskwire-test-create "Plan #work")
    (taskwire-test-wait-for "today" "Plan  #work")
    (taskwire-test-goto "today" "Plan")
    (with-current-buffer (taskwire-view-buffer "today")
      (should-error (taskwire-move-up) :type 'user-error)
      (taskwire-filter ""))
    (should (equal (taskwire-test-titles "today") '("Buy milk" "Write report" "Plan")))))

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

(ert-deftest taskwire-german ()
  (taskwire-test-with-server "de"
    (taskwire-test-create "Milch kaufen morgen #einkauf")
    (taskwire-test-create "Steuer fällig 20.02.")
    (taskwire-today)
    (taskwire-upcoming)
    (should (string-match-p "\\`Heute · Do, 12. Feb. · 15m\n\\[ \\] Steuer  fällig Fr, 20. Feb.\n"
                            (taskwire-test-text "today")))
    (should (string-match-p "\\`Morgen · Fr, 13. Feb. · 15m\n\\[ \\] Milch kaufen  #einkauf\n"
                            (taskwire-test-text "upcoming")))
    (taskwire-test-goto "today" "Steuer")
    (taskwire-test-key "today" "d")
    (taskwire-test-key "today" "/")
    (should (string-match-p "undid: 'Steuer' erledigt" taskwire-test-message))
    (taskwire-test-wait-for "today" "Steuer")
    (with-current-buffer (taskwire-view-buffer "today")
      (cl-letf (((symbol-function 'completing-read) (lambda (&rest _) "gestern")))
        (taskwire-test-goto "today" "Steuer")
        (taskwire-schedule)))
    (should (string-match-p "\\`taskwire: [^:]" taskwire-test-message))
    (should-not (string-match-p "Ungültige Parameter" taskwire-test-message))))

(ert-deftest taskwire-set-language-redraws-the-views ()
  (taskwire-test-with-server "en"
    (taskwire-test-create "Steuer due tomorrow")
    (taskwire-today)
    (taskwire-set-language "de")
    (should (equal (taskwire-test-text "today")
                   "Heute · Do, 12. Feb. · 15m\n[ ] Steuer  fällig morgen\n"))
    (taskwire-set-language "en")
    (should (equal (taskwire-test-text "today")
                   "Today · Thu, Feb 12 · 15m\n[ ] Steuer  due tomorrow\n"))))

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

(provide 'taskwire-test)
;;; taskwire-test.el ends here
