;;; taskwire-checklist.el --- A task's checklist  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; A task may hold a checklist: lines, each done or not.  Its line in
;; a view shows how far it is ("2/5", the server's `checklist' part).
;; `c' (`taskwire-checklist') offers the lines of the task at point
;; with completion, each with its box ("[ ] Buy soil", "[x] Rake"):
;; choosing one checks it or unchecks it, and a text that is no line
;; adds it as a new one.  `C' (`taskwire-checklist-add') adds a line.
;; Each is one `task/checklist' gesture, one undo step; the view
;; follows from its subscription.

;;; Code:

(require 'seq)
(require 'subr-x)
(require 'taskwire-catalogue)
(require 'taskwire-rpc)
(require 'taskwire-view)
(require 'taskwire-actions)

(defun taskwire-checklist-lines (id)
  "The checklist of task ID, as the server has it now: a list of plists.
Each line is (:uuid UUID :title TITLE :done BOOLEAN)."
  (append (plist-get (plist-get (taskwire-rpc-request 'task/get (list :id id)) :task)
                     :checklist)
          nil))

(defun taskwire-checklist--label (line)
  "LINE as it is offered: its box and its title (\"[x] Rake\")."
  (concat (if (eq (plist-get line :done) t) "[x] " "[ ] ") (plist-get line :title)))

(defun taskwire-checklist--labels (lines)
  "An alist of label to line for LINES; a label there twice gets its place."
  (let ((labels (mapcar #'taskwire-checklist--label lines))
        (place 0))
    (mapcar (lambda (line)
              (setq place (1+ place))
              (let ((label (nth (1- place) labels)))
                (cons (if (> (seq-count (lambda (other) (equal other label)) labels) 1)
                          (format "%s (%d)" label place)
                        label)
                      line)))
            lines)))

(defun taskwire-checklist-add (task title)
  "Add the line TITLE to the end of TASK's checklist.
Interactively, the task at point, and TITLE read in the minibuffer."
  (interactive (let ((task (taskwire-actions--task)))
                 (list task (read-string (taskwire-text "emacs.prompt.checklistLine"
                                                        :title (plist-get task :title))))))
  (unless (string-blank-p title)
    (taskwire-actions--with-errors
      (taskwire-rpc-request 'task/checklist (list :id (plist-get task :id) :action "add"
                                                  :title (string-trim title)))
      (taskwire-rpc-message "%s" (taskwire-text "emacs.message.checklistAdded"
                                                :line (string-trim title)
                                                :title (plist-get task :title))))))

(defun taskwire-checklist-toggle (task line)
  "Check LINE (a plist of TASK's checklist), or uncheck it when done."
  (let ((done (eq (plist-get line :done) t)))
    (taskwire-actions--with-errors
      (taskwire-rpc-request 'task/checklist (list :id (plist-get task :id)
                                                  :action (if done "uncheck" "check")
                                                  :item (plist-get line :uuid)))
      (taskwire-rpc-message "%s" (taskwire-text (if done "emacs.message.unchecked"
                                                  "emacs.message.checked")
                                                :line (plist-get line :title))))))

(defun taskwire-checklist ()
  "Check or uncheck a line of the checklist of the task at point.
The lines are offered with their boxes (\"[ ] Buy soil\"); a line's
title typed alone is that line; a text that is none of them is added
as a new line."
  (interactive)
  (let* ((task (taskwire-actions--task))
         (lines (condition-case err
                    (taskwire-checklist-lines (plist-get task :id))
                  (taskwire-error (user-error "Taskwire: %s" (cadr err)))))
         (labels (taskwire-checklist--labels lines))
         (table (lambda (string predicate action)
                  (if (eq action 'metadata)
                      '(metadata (display-sort-function . identity)
                                 (cycle-sort-function . identity))
                    (complete-with-action action (mapcar #'car labels) string predicate))))
         (answer (completing-read (taskwire-text "emacs.prompt.checklist"
                                                 :title (plist-get task :title))
                                  table))
         (line (or (cdr (assoc answer labels))
                   ;; a line's title typed without its box
                   (seq-find (lambda (line) (equal (plist-get line :title) (string-trim answer)))
                             lines))))
    (cond ((string-blank-p answer) nil)
          (line (taskwire-checklist-toggle task line))
          (t (taskwire-checklist-add task answer)))))

(provide 'taskwire-checklist)
;;; taskwire-checklist.el ends here
