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

;;;; Where the client and the catalogue are

(defconst taskwire-test-package-dir
  (expand-file-name ".." (file-name-directory (or load-file-name buffer-file-name)))
  "The folder of the client's Lisp files.")

(defconst taskwire-test-catalogue-dir
  (expand-file-name "../../Protocol/catalogue" taskwire-test-package-dir)
  "The folder of the server's catalogue (en.json, de.json), in the repository.")

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

(defconst taskwire-test-pending-keys '("emacs.form.dueTime" "emacs.form.time")
  "Keys in the repository's catalogue that the server gets at its next build.
Until then `catalogue/get' may lack them and the client has a fallback.")

(ert-deftest taskwire-catalogue-has-every-key-the-lisp-files-use ()
  ;; Every key the Lisp files name, and each view's name, is in the server's catalogue in
  ;; both languages: in the repository's Protocol/catalogue/*.json and in what the server
  ;; built from them answers to catalogue/get (a pending key: the repository only, the
  ;; client showing its fallback).  The client has no other words of its own.
  (let ((catalogues
         (append
          (mapcar (lambda (language)
                    (cons (concat language ".json")
                          (with-temp-buffer
                            (insert-file-contents (expand-file-name (concat language ".json")
                                                                    taskwire-test-catalogue-dir))
                            (json-parse-buffer))))
                  '("en" "de"))
          (mapcar (lambda (language)
                    (let ((table (make-hash-table :test 'equal))
                          (strings (plist-get (taskwire-catalogue-fetch-offline
                                               (getenv "TASKWIRE") language)
                                              :strings)))
                      (while strings
                        (puthash (substring (symbol-name (car strings)) 1) (cadr strings) table)
                        (setq strings (cddr strings)))
                      (cons (concat "catalogue/get " language) table)))
                  '("en" "de"))))
        (keys (mapcar #'taskwire-catalogue-view-key taskwire-view-names))
        (missing nil))
    (dolist (file (directory-files taskwire-test-package-dir t "\\`taskwire.*\\.el\\'"))
      (with-temp-buffer
        (insert-file-contents file)
        (while (re-search-forward
                "\"\\(\\(?:emacs\\|view\\|action\\|field\\|list\\|confirm\\|message\\|input\\)\\.[A-Za-z.]+\\)\"" nil t)
          (push (match-string 1) keys))))
    (setq keys (delete-dups keys))
    (should (> (length keys) 100))      ; (the search finds the keys)
    (dolist (catalogue catalogues)
      (should (> (hash-table-count (cdr catalogue)) 100))
      (dolist (key keys)
        (unless (or (gethash key (cdr catalogue))
                    (and (string-prefix-p "catalogue/get" (car catalogue))
                         (member key taskwire-test-pending-keys)))
          (push (cons (car catalogue) key) missing))))
    (should-not missing)
    ;; the client's words are the server's now: no fragment of its own waits to be merged
    (should-not (file-exists-p (expand-file-name "catalogue-fragment.json"
                                                 taskwire-test-package-dir)))))

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
