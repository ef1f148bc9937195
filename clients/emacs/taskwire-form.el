;;; taskwire-form.el --- Every field of a task in a form buffer  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; `taskwire-edit' opens a buffer with one line per field of the task
;; at point, and the notes below a "Notes:" line:
;;
;;   Title: Call mom
;;   Tags: family phone
;;   Priority: 2
;;   Urgent: no
;;   Duration: 30m
;;   Type: errand
;;   Scheduled: 2026-02-13
;;   Due:
;;   Repeat: weekly
;;   Notes:
;;   call before noon
;;
;; C-c C-c sends the fields that changed as one `task/update' (one
;; undo step); C-c C-k leaves.
;; Dates take phrases too ("fri", "in 3 days"); an empty one clears it.

;;; Code:

(require 'seq)
(require 'subr-x)
(require 'taskwire-rpc)
(require 'taskwire-display)

(defvar-local taskwire-form--task nil
  "The task as the form showed it.")

(defvar-local taskwire-form--origin nil
  "The view buffer the form was opened from.")

(defconst taskwire-form--fields
  '("Title" "Tags" "Priority" "Urgent" "Duration" "Type" "Scheduled" "Due" "Repeat")
  "The one-line fields, in the form's order; the notes follow.")

(defconst taskwire-form--types
  '("maintenance" "deepWork" "shallowWork" "errand" "meeting" "learning")
  "The task types.")

(defvar taskwire-form-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "C-c C-c") #'taskwire-form-save)
    (define-key map (kbd "C-c C-k") #'taskwire-form-cancel)
    map)
  "Keys of the taskwire edit form.")

(define-derived-mode taskwire-form-mode text-mode "Taskwire-Edit"
  "Edit every field of a taskwire task; \\[taskwire-form-save] saves.

\\{taskwire-form-mode-map}"
  (setq-local header-line-format
              (substitute-command-keys
               "\\<taskwire-form-mode-map>\\[taskwire-form-save] save, \\[taskwire-form-cancel] cancel")))

(defun taskwire-form--repeat (recurrence)
  "RECURRENCE as the form writes it (\"none\", \"weekly\", \"every 3 days\")."
  (or (taskwire-display-repeat-words recurrence) "none"))

(defun taskwire-form--values (task)
  "TASK's fields as the form's strings, an alist in the form's order."
  (list (cons "Title" (plist-get task :title))
        (cons "Tags" (mapconcat #'identity (plist-get task :tags) " "))
        (cons "Priority" (number-to-string (or (plist-get task :priority) 1)))
        (cons "Urgent" (if (eq (plist-get task :urgent) t) "yes" "no"))
        (cons "Duration" (taskwire-display-duration (or (plist-get task :durationMinutes) 15)))
        (cons "Type" (or (plist-get task :type) "maintenance"))
        (cons "Scheduled" (or (plist-get task :scheduledDate) ""))
        (cons "Due" (or (plist-get task :dueDate) ""))
        (cons "Repeat" (taskwire-form--repeat (plist-get task :recurrence)))
        (cons "Notes" (or (plist-get task :notes) ""))))

(defun taskwire-form-open (task origin)
  "Open the edit form of TASK, opened from the view buffer ORIGIN."
  (let ((buffer (get-buffer-create (format "*taskwire edit %d*" (plist-get task :id)))))
    (with-current-buffer buffer
      (let ((inhibit-read-only t))
        (erase-buffer)
        (taskwire-form-mode)
        (dolist (field (taskwire-form--values task))
          (if (equal (car field) "Notes")
              (insert "Notes:\n" (cdr field))
            (insert (car field) ": " (cdr field) "\n"))))
      (setq taskwire-form--task task
            taskwire-form--origin origin)
      (set-buffer-modified-p nil)
      (goto-char (point-min))
      (end-of-line))
    (pop-to-buffer buffer)
    buffer))

(defun taskwire-form--read ()
  "The form's fields as an alist of name to string."
  (save-excursion
    (goto-char (point-min))
    (let (fields)
      (while (re-search-forward "^\\([A-Za-z]+\\):[ \t]*\\(.*\\)$" nil t)
        (let ((name (match-string-no-properties 1)))
          (if (equal name "Notes")
              (progn (push (cons name (string-trim (buffer-substring-no-properties
                                                    (min (point-max) (1+ (match-end 0)))
                                                    (point-max))))
                           fields)
                     (goto-char (point-max)))
            (push (cons name (string-trim (match-string-no-properties 2))) fields))))
      fields)))

(defun taskwire-form--minutes (text)
  "The minutes TEXT gives (\"30m\", \"1h30m\", \"1h\", \"45\")."
  (cond ((string-match "\\`\\([0-9]+\\)\\'" text) (string-to-number (match-string 1 text)))
        ((string-match "\\`\\(?:\\([0-9]+\\)h\\)?\\(?:\\([0-9]+\\)m\\)?\\'" text)
         (+ (* 60 (string-to-number (or (match-string 1 text) "0")))
            (string-to-number (or (match-string 2 text) "0"))))
        (t (user-error "Duration: %s is not 30m, 1h, 1h30m or minutes" text))))

(defun taskwire-form--recurrence (text)
  "The recurrence object TEXT names (\"none\", \"daily\", \"every 3 weeks\", \"weekly!\")."
  (let ((after (string-suffix-p "!" text))
        (text (string-remove-suffix "!" text)))
    (let ((recurrence
           (cond ((member text '("" "none")) (list :pattern "none"))
                 ((member text '("daily" "weekly" "biweekly" "monthly")) (list :pattern text))
                 ((string-match "\\`every \\([0-9]+\\) \\(day\\|week\\|month\\)s?\\'" text)
                  (list :pattern (pcase (match-string 2 text)
                                   ("day" "daily") ("week" "weekly") (_ "monthly"))
                        :interval (string-to-number (match-string 1 text))))
                 (t (user-error "Repeat: %s is not none, daily, weekly, biweekly, monthly or every N days/weeks/months"
                                text)))))
      (if (and after (not (equal (plist-get recurrence :pattern) "none")))
          (append recurrence (list :afterCompletion t))
        recurrence))))

(defun taskwire-form-params ()
  "The `task/update' params for the fields the form changed."
  (let* ((task taskwire-form--task)
         (old (taskwire-form--values task))
         (new (taskwire-form--read))
         (params (list :id (plist-get task :id))))
    (dolist (name (append taskwire-form--fields '("Notes")))
      (let ((value (cdr (assoc name new))))
        (unless (or (null value) (equal value (cdr (assoc name old))))
          (setq params
                (append params
                        (pcase name
                          ("Title" (list :title value))
                          ("Tags" (list :tags (vconcat (split-string value "[ ,]+" t))))
                          ("Priority"
                           (let ((n (string-to-number value)))
                             (unless (memq n '(1 2 3)) (user-error "Priority: 1, 2 or 3"))
                             (list :priority n)))
                          ("Urgent" (list :urgent (if (member (downcase value) '("yes" "y" "t" "true"))
                                                      t :json-false)))
                          ("Duration" (list :durationMinutes (taskwire-form--minutes value)))
                          ("Type"
                           (unless (member value taskwire-form--types)
                             (user-error "Type: one of %s" (string-join taskwire-form--types ", ")))
                           (list :type value))
                          ("Scheduled" (list :scheduledDate (and (not (string-empty-p value)) value)))
                          ("Due" (list :dueDate (and (not (string-empty-p value)) value)))
                          ("Repeat" (list :recurrence (taskwire-form--recurrence value)))
                          ("Notes" (list :notes (and (not (string-empty-p value)) value)))))))))
    params))

(defun taskwire-form-save ()
  "Send the fields that changed as one `task/update', and close the form."
  (interactive)
  (let ((params (taskwire-form-params)))
    (if (<= (length params) 2)
        (taskwire-rpc-message "nothing changed")
      (condition-case err
          (progn (taskwire-rpc-request 'task/update params)
                 (taskwire-rpc-message "saved '%s'" (plist-get taskwire-form--task :title)))
        (taskwire-error (user-error "Taskwire: %s" (cadr err)))))
    (taskwire-form--close)))

(defun taskwire-form-cancel ()
  "Close the form without saving."
  (interactive)
  (taskwire-form--close))

(defun taskwire-form--close ()
  "Kill the form and show its view again."
  (let ((origin taskwire-form--origin))
    (quit-window t)
    (when (buffer-live-p origin)
      (let ((window (get-buffer-window origin)))
        (when window (select-window window))))))

(provide 'taskwire-form)
;;; taskwire-form.el ends here
