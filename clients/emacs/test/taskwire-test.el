;;; taskwire-test.el --- ERT helpers of taskwire.el, and its tests without a server  -*- lexical-binding: t -*-

;;; Commentary:

;; Run by test/run.sh: TASKWIRE names the server binary, TW_TEST_TMP a
;; temporary folder.  Each test that needs a server gets a fresh store
;; in that folder, the clock standing still at 2026-02-12T08:00:00Z
;; (a Thursday) in Europe/Berlin, and asserts what a person sees in
;; the view buffers.  This file holds the helpers and the tests that
;; need no server; taskwire-view-test.el, taskwire-actions-test.el and
;; taskwire-fixture-test.el the others.

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

;;;; The words not yet in the server's catalogue

(defconst taskwire-test-fragment-file
  (expand-file-name "../catalogue-fragment.json"
                    (file-name-directory (or load-file-name buffer-file-name)))
  "The client's new words, to be merged into Protocol/catalogue/*.json.")

(defun taskwire-test-fragment ()
  "The catalogue fragment: a hash table of language to (key to text)."
  (with-temp-buffer
    (insert-file-contents taskwire-test-fragment-file)
    (json-parse-buffer)))

(defun taskwire-test--merge-fragment ()
  "Add the fragment's words that the server's catalogue does not have yet.
Only the tests do this (the client shows a missing key as itself): until
catalogue-fragment.json is merged into the server's catalogue, the
tests read the new words from it; after, the server's words are used."
  (when (and taskwire-catalogue (file-readable-p taskwire-test-fragment-file))
    (let ((words (gethash (or taskwire-catalogue-locale "en") (taskwire-test-fragment))))
      (when words
        (maphash (lambda (key text)
                   (unless (gethash key taskwire-catalogue) (puthash key text taskwire-catalogue)))
                 words)))))

(add-hook 'taskwire-catalogue-changed-hook #'taskwire-test--merge-fragment)

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

(defun taskwire-test--buffer (view)
  "VIEW's buffer; VIEW is a view's name (\"today\") or a buffer."
  (if (bufferp view) view (taskwire-view-buffer view)))

(defun taskwire-test-text (view)
  "The text of VIEW's buffer, without properties."
  (with-current-buffer (taskwire-test--buffer view)
    (buffer-substring-no-properties (point-min) (point-max))))

(defun taskwire-test-wait-for (view regexp &optional absent)
  "Wait until VIEW's buffer matches REGEXP (or, with ABSENT, no longer does)."
  (taskwire-rpc-wait (lambda () (let ((found (string-match-p regexp (taskwire-test-text view))))
                                  (if absent (not found) found)))
                     3)
  (should (equal (and (string-match-p regexp (taskwire-test-text view)) t) (not absent))))

(defun taskwire-test-line (view)
  "The line at point in VIEW's buffer."
  (with-current-buffer (taskwire-test--buffer view)
    (buffer-substring-no-properties (line-beginning-position) (line-end-position))))

(defun taskwire-test-goto (view title)
  "Put point on the line of TITLE in VIEW's buffer, once the buffer shows it.
A view's first list and its diffs arrive asynchronously: the line is waited
for (a bounded wait) before point goes to it."
  (taskwire-test-wait-for view (concat "^\\[.\\] " (regexp-quote title) "\\b"))
  (with-current-buffer (taskwire-test--buffer view)
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
  (with-current-buffer (taskwire-test--buffer view)
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

(defun taskwire-test-header-line ()
  "The current buffer's header line as shown (`format-mode-line' is empty in batch)."
  (pcase header-line-format
    (`(:eval ,form) (eval form t))
    (format format)))

(defun taskwire-test-titles (view)
  "The task titles VIEW's buffer shows, in order."
  (let (titles)
    (with-current-buffer (taskwire-test--buffer view)
      (save-excursion
        (goto-char (point-min))
        (while (re-search-forward "^\\[.\\] \\(.*?\\)\\(  \\|$\\)" nil t)
          (push (match-string-no-properties 1) titles))))
    (nreverse titles)))

;;;; Drawing and the catalogue, without a server

(ert-deftest taskwire-display-draws-the-servers-parts ()
  (let* ((task '(:id 1 :title "Call\nmom" :completed :json-false
                     :display [(:kind "priority" :text "!!") (:kind "tags" :text "#family")
                               (:kind "dueToday" :text "due today") (:kind "overdue" :text "overdue")
                               (:kind "checklist" :text "1/3") (:kind "sparkle" :text "✨")]))
         (line (taskwire-display-task-line task)))
    (should (equal (substring-no-properties line)
                   "[ ] Call mom  !!  #family  due today  overdue  1/3  ✨"))
    (should (eq (get-text-property (string-match "1/3" line) 'face line) 'taskwire-checklist))
    (should (eq (get-text-property (string-match "due today" line) 'face line) 'taskwire-due-today))
    (should (eq (get-text-property (string-match "overdue" line) 'face line) 'taskwire-overdue))
    ;; a kind it does not know: plain text
    (should-not (get-text-property (string-match "✨" line) 'face line)))
  (should (equal (substring-no-properties
                  (taskwire-display-task-line
                   '(:title "Pay rent" :completed t
                            :display [(:kind "completed" :text "done Mon, Nov 23")])))
                 "[x] Pay rent  done Mon, Nov 23"))
  (should (equal (substring-no-properties
                  (taskwire-display-header
                   '(:title "Tomorrow" :display [(:kind "title" :text "Tomorrow")
                                                 (:kind "date" :text "Fri, Feb 13")
                                                 (:kind "total" :text "45m")])))
                 "Tomorrow · Fri, Feb 13 · 45m")))

(ert-deftest taskwire-catalogue-fills-placeholders ()
  (let ((taskwire-catalogue (make-hash-table :test 'equal))
        (taskwire-catalogue-missing nil))
    (puthash "confirm.delete" "'{title}' löschen?" taskwire-catalogue)
    (should (equal (taskwire-text "confirm.delete" :title "{x} \\1") "'{x} \\1' löschen?"))
    (should (equal (taskwire-catalogue-fill "{a} {b}" '(:a 1)) "1 {b}"))
    (should (equal (taskwire-text "no.such.key" :title "x") "no.such.key x"))
    (should (equal taskwire-catalogue-missing '("no.such.key")))))

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
                                            :fields (:title "B" :notes nil
                                                            :display [(:kind "notes" :text "✎")])
                                            :cleared ["notes"])
                                       (:op "updateGroup" :index 0 :key "2026-02-13"
                                            :title "Tomorrow" :date "2026-02-13"
                                            :display [(:kind "title" :text "Tomorrow")])]))
    (should (equal (plist-get snapshot :version) 2))
    (should (equal (mapcar (lambda (g) (mapcar (lambda (task) (plist-get task :title))
                                               (plist-get g :tasks)))
                           (plist-get snapshot :groups))
                   '(("B") ("a"))))
    (should (equal (substring-no-properties
                    (taskwire-display-task-line (car (plist-get (car (plist-get snapshot :groups))
                                                                :tasks))))
                   "[ ] B  ✎"))
    (should (equal (substring-no-properties
                    (taskwire-display-header (car (plist-get snapshot :groups))))
                   "Tomorrow"))
    (should (condition-case nil
                (progn (taskwire-diff-apply snapshot '(:from 7 :to 8 :ops [])) nil)
              (taskwire-diff-mismatch t)))))

(provide 'taskwire-test)
;;; taskwire-test.el ends here
