;;; taskwire-display.el --- Drawing the parts the server says  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; The server says how a task and a group read, in the session's
;; language: each task carries its display parts ({kind, text}: "3 PM",
;; "!!", "#family", "↻ Mon–Fri", "due Fri, Nov 27", "overdue", …) and each
;; group its header's parts (title, date, weekday, total).  This file
;; only draws them, as the clients' convention (clients/README.md)
;; has it:
;;
;;   [ ] Call mom  !!  *  #family #phone  @errand  30m  ↻ weekly  due Fri, Nov 27
;;   Tomorrow · Wed, Nov 25 · 30m
;;
;; a face per kind; a kind it does not know is drawn plain.  The lines
;; of a view buffer are made here too, each with text properties saying
;; what it shows (see taskwire-view.el); the words of an empty list come
;; from the catalogue.  In the views of projects and areas a project is
;; a line like a task, and a heading a group's header.

;;; Code:

(require 'seq)
(require 'taskwire-catalogue)

(defface taskwire-group '((t :inherit bold))
  "Face of a group header (a day, a list, a quadrant)."
  :group 'taskwire)
(defface taskwire-box '((t :inherit shadow))
  "Face of a task's checkbox."
  :group 'taskwire)
(defface taskwire-time '((t :inherit font-lock-string-face))
  "Face of the time of day on a task's scheduled date (3 PM, 15:00).
Of the family of `taskwire-due', the other date of a task."
  :group 'taskwire)
(defface taskwire-priority '((t :inherit warning))
  "Face of the priority marker (!! and !!!)."
  :group 'taskwire)
(defface taskwire-urgent '((t :inherit warning))
  "Face of the urgent marker (*)."
  :group 'taskwire)
(defface taskwire-tag '((t :inherit font-lock-variable-name-face))
  "Face of a #tag."
  :group 'taskwire)
(defface taskwire-type '((t :inherit font-lock-type-face))
  "Face of a @type."
  :group 'taskwire)
(defface taskwire-duration '((t :inherit font-lock-constant-face))
  "Face of a duration."
  :group 'taskwire)
(defface taskwire-repeat '((t :inherit font-lock-type-face))
  "Face of a repeat."
  :group 'taskwire)
(defface taskwire-notes '((t :inherit shadow))
  "Face of the mark of a task with notes."
  :group 'taskwire)
(defface taskwire-project '((t :inherit font-lock-function-name-face))
  "Face of the project (or area) a task is in, beside it outside the project."
  :group 'taskwire)
(defface taskwire-checklist '((t :inherit font-lock-comment-face))
  "Face of a task's checklist count (2/5: lines done of all)."
  :group 'taskwire)
(defface taskwire-due '((t :inherit font-lock-string-face))
  "Face of a due date."
  :group 'taskwire)
(defface taskwire-due-today '((((class color)) :foreground "#ff8700" :weight bold)
                              (t :weight bold))
  "Face of a task due today."
  :group 'taskwire)
(defface taskwire-overdue '((((class color)) :foreground "red" :weight bold)
                            (t :weight bold))
  "Face of the overdue flag."
  :group 'taskwire)
(defface taskwire-after-due '((((class color)) :foreground "red")
                              (t :underline t))
  "Face of the flag of a task scheduled after its due date."
  :group 'taskwire)
(defface taskwire-done '((t :inherit shadow))
  "Face of a completed task and its completion day."
  :group 'taskwire)
(defface taskwire-cancelled '((t :inherit shadow))
  "Face of the day a task was cancelled (given up), in the logbook."
  :group 'taskwire)
(defface taskwire-someday '((t :inherit font-lock-comment-face))
  "Face of the mark of a task or project on Someday."
  :group 'taskwire)
(defface taskwire-empty '((t :inherit shadow))
  "Face of the line of an empty list."
  :group 'taskwire)

(defconst taskwire-display-faces
  '(("time" . taskwire-time) ("priority" . taskwire-priority) ("urgent" . taskwire-urgent) ("tags" . taskwire-tag)
    ("type" . taskwire-type) ("duration" . taskwire-duration) ("repeat" . taskwire-repeat)
    ("notes" . taskwire-notes) ("project" . taskwire-project)
    ("checklist" . taskwire-checklist) ("due" . taskwire-due) ("dueToday" . taskwire-due-today)
    ("overdue" . taskwire-overdue) ("afterDue" . taskwire-after-due)
    ("completed" . taskwire-done) ("cancelled" . taskwire-cancelled)
    ("someday" . taskwire-someday))
  "The face of each kind of part; a kind not here is drawn plain.")

(defun taskwire-display-part (part)
  "PART's text, in the face of its kind."
  (let ((face (cdr (assoc (plist-get part :kind) taskwire-display-faces)))
        (text (or (plist-get part :text) "")))
    (if face (propertize text 'face face) text)))

(defun taskwire-display-task-line (task)
  "TASK's line, without a newline: its checkbox, title and parts."
  (let ((done (eq (plist-get task :completed) t))
        (title (replace-regexp-in-string "[\n\r]" " " (or (plist-get task :title) ""))))
    (concat (propertize (if done "[x] " "[ ] ") 'face 'taskwire-box)
            (if done (propertize title 'face 'taskwire-done) title)
            (mapconcat (lambda (part) (concat "  " (taskwire-display-part part)))
                       (plist-get task :display) ""))))

(defun taskwire-display-header (group)
  "GROUP's header: its parts joined by \" · \" (its title when it has none)."
  (let ((parts (plist-get group :display)))
    (propertize (if (seq-empty-p parts)
                    (or (plist-get group :title) "")
                  (mapconcat (lambda (part) (or (plist-get part :text) "")) parts " · "))
                'face 'taskwire-group)))

;;;; The lines of a view buffer

(defvar-local taskwire-display--cache nil
  "The lines drawn, by task: plist -> (GI INDEX TEXT LINE).
Ops that change a task (its parts too) replace its plist, so an entry
never goes stale.")

(defun taskwire-display--line (text kind gi &optional index id)
  "TEXT as a line of KIND for group GI (task INDEX, task ID)."
  (propertize (concat text "\n") 'taskwire-kind kind 'taskwire-group gi
              'taskwire-index index 'taskwire-task id))

(defun taskwire-display--cached-line (task gi index)
  "TASK's line as task INDEX of group GI.
Lines are cached: a long list redrawn after one change makes only the
lines that changed."
  (unless taskwire-display--cache
    (setq taskwire-display--cache (make-hash-table :test 'eq :weakness 'key)))
  (let ((entry (gethash task taskwire-display--cache)))
    (unless entry
      (setq entry (list nil nil (taskwire-display-task-line task) nil))
      (puthash task entry taskwire-display--cache))
    (unless (and (eq (nth 0 entry) gi) (eq (nth 1 entry) index))
      (setcar entry gi)
      (setcar (nthcdr 1 entry) index)
      (setcar (nthcdr 3 entry)
              (taskwire-display--line (nth 2 entry) 'task gi index (plist-get task :id))))
    (nth 3 entry)))

(defun taskwire-display--empty (key &optional gi)
  "The line saying a list is empty, the catalogue's KEY (of group GI)."
  (taskwire-display--line (propertize (concat "  " (taskwire-text key)) 'face 'taskwire-empty)
                          'empty gi))

(defun taskwire-display-lines (name snapshot)
  "The lines (strings ending in newlines) that show view NAME's SNAPSHOT."
  (if (null snapshot)
      (list (taskwire-display--line (taskwire-text "list.loading") 'blank nil))
    (let ((groups (plist-get snapshot :groups))
          (lines nil)
          (gi 0))
      (dolist (group groups)
        (when (> gi 0) (push (taskwire-display--line "" 'blank (1- gi)) lines))
        (push (taskwire-display--line (taskwire-display-header group) 'group gi) lines)
        (let ((tasks (plist-get group :tasks))
              (index 0))
          (unless tasks
            (push (taskwire-display--empty (if (string-prefix-p "projects:" (plist-get group :key))
                                               "emacs.list.noProjects"
                                             "list.empty")
                                           gi)
                  lines))
          (dolist (task tasks)
            (push (taskwire-display--cached-line task gi index) lines)
            (setq index (1+ index))))
        (setq gi (1+ gi)))
      (unless groups
        (push (taskwire-display--empty (pcase name
                                         ("upcoming" "emacs.list.nothingUpcoming")
                                         ("logbook" "emacs.list.nothingCompleted")
                                         (_ "list.empty")))
              lines))
      (nreverse lines))))

(provide 'taskwire-display)
;;; taskwire-display.el ends here
