;;; taskwire-form.el --- Every field of a task in a form buffer  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; `taskwire-edit' opens a buffer with one line per field of the task
;; at point, and the notes below their own line, the labels and the
;; values' names in the session's language:
;;
;;   Title: Call mom
;;   Tags: family phone
;;   Priority: Medium
;;   Urgent: no
;;   Duration (minutes): 30
;;   Type: Errand
;;   Date: 2026-02-13
;;   Time: 15:30
;;   Due:
;;   Due time:
;;   Repeat: weekly
;;   Notes:
;;   call before noon
;;
;; C-c C-c sends the fields that changed as one `task/update' (one
;; undo step); C-c C-k leaves.  Dates take phrases too ("fri", "in 3
;; days"); an empty one clears it.  A changed duration or repeat is
;; read by the server's quick add ("1h30m", "every mon, thu"); a final
;; "!" makes a repeat count from completion.  Time and Due time are the
;; dates' times of day (scheduledTime, dueTime): HH:MM ("9:30" is sent
;; as "09:30"), empty or "none" clears; one without its date is refused
;; in the server's words.

;;; Code:

(require 'seq)
(require 'subr-x)
(require 'taskwire-catalogue)
(require 'taskwire-rpc)

(defvar-local taskwire-form--task nil
  "The task as the form showed it.")

(defvar-local taskwire-form--origin nil
  "The view buffer the form was opened from.")

(defvar-local taskwire-form--labels nil
  "The form's fields and their labels as shown: an alist of symbol to label.")

(defconst taskwire-form--fields
  '((title . "field.title") (tags . "field.tags") (priority . "field.priority")
    (urgent . "field.urgent") (duration . "emacs.form.minutes") (type . "field.type")
    (scheduled . "field.scheduled") (time . "emacs.form.time") (due . "field.due")
    (duetime . "emacs.form.dueTime") (repeat . "field.repeat") (notes . "field.notes"))
  "The fields in the form's order and the catalogue keys of their labels.
The notes come last, below their label.")

(defconst taskwire-form--fallback
  '(("emacs.form.time" . "Time") ("emacs.form.dueTime" . "Due time"))
  "Labels for a server whose catalogue is older than them.")

(defun taskwire-form--label (key)
  "The catalogue's label KEY, else its fallback while the catalogue lacks it."
  (let ((fallback (cdr (assoc key taskwire-form--fallback))))
    (if (and fallback (not (and taskwire-catalogue (gethash key taskwire-catalogue))))
        fallback
      (taskwire-text key))))

(defun taskwire-form--time (value)
  "VALUE as a time of day to send: nil (null) for \"\" or \"none\", \"09:30\" for \"9:30\"."
  (cond ((member (downcase value) '("" "none")) nil)
        ((string-match-p "\\`[0-9]:[0-9][0-9]\\'" value) (concat "0" value))
        (t value)))

(defconst taskwire-form--types
  '("maintenance" "deepWork" "shallowWork" "errand" "meeting" "learning")
  "The task types.")

(defvar taskwire-form-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "C-c C-c") #'taskwire-form-save)
    (define-key map (kbd "C-c C-k") #'taskwire-form-cancel)
    map)
  "Keys of the taskwire edit form.")

(define-derived-mode taskwire-form-mode text-mode "Taskwire"
  "Edit every field of a taskwire task; \\[taskwire-form-save] saves.

\\{taskwire-form-mode-map}"
  (setq-local header-line-format
              (taskwire-text "emacs.form.header"
                             :save (substitute-command-keys
                                    "\\<taskwire-form-mode-map>\\[taskwire-form-save]")
                             :cancel (substitute-command-keys
                                      "\\<taskwire-form-mode-map>\\[taskwire-form-cancel]"))))

(defun taskwire-form--names (prefix values)
  "VALUES with their names in the catalogue (key PREFIX + value), an alist."
  (mapcar (lambda (value) (cons value (taskwire-text (concat prefix value)))) values))

(defun taskwire-form--priorities ()
  "The priorities and their names."
  (list (cons 1 (taskwire-text "priority.low")) (cons 2 (taskwire-text "priority.medium"))
        (cons 3 (taskwire-text "priority.high"))))

(defun taskwire-form--repeat (task)
  "The text of TASK's repeat part without its sign (\"weekly\"), or \"\"."
  (let ((part (seq-find (lambda (part) (equal (plist-get part :kind) "repeat"))
                        (plist-get task :display))))
    (if part (string-trim (string-remove-prefix "↻" (plist-get part :text))) "")))

(defun taskwire-form--values (task)
  "TASK's fields as the form's strings, an alist in the form's order."
  (list (cons 'title (plist-get task :title))
        (cons 'tags (mapconcat #'identity (plist-get task :tags) " "))
        (cons 'priority (cdr (assq (or (plist-get task :priority) 1) (taskwire-form--priorities))))
        (cons 'urgent (taskwire-text (if (eq (plist-get task :urgent) t) "yes" "no")))
        (cons 'duration (number-to-string (or (plist-get task :durationMinutes) 15)))
        (cons 'type (taskwire-text (concat "type." (or (plist-get task :type) "maintenance"))))
        (cons 'scheduled (or (plist-get task :scheduledDate) ""))
        (cons 'time (or (plist-get task :scheduledTime) ""))
        (cons 'due (or (plist-get task :dueDate) ""))
        (cons 'duetime (or (plist-get task :dueTime) ""))
        (cons 'repeat (taskwire-form--repeat task))
        (cons 'notes (or (plist-get task :notes) ""))))

(defun taskwire-form-open (task origin)
  "Open the edit form of TASK, opened from the view buffer ORIGIN."
  (let ((buffer (get-buffer-create
                 (format "*%s*" (taskwire-text "emacs.buffer.edit" :id (plist-get task :id))))))
    (with-current-buffer buffer
      (let ((inhibit-read-only t))
        (erase-buffer)
        (taskwire-form-mode)
        (setq taskwire-form--labels
              (mapcar (lambda (field) (cons (car field) (taskwire-form--label (cdr field))))
                      taskwire-form--fields))
        (dolist (field (taskwire-form--values task))
          (insert (cdr (assq (car field) taskwire-form--labels)) ":"
                  (if (eq (car field) 'notes) "\n" " ") (cdr field)
                  (if (eq (car field) 'notes) "" "\n"))))
      (setq taskwire-form--task task
            taskwire-form--origin origin)
      (set-buffer-modified-p nil)
      (goto-char (point-min))
      (end-of-line))
    (pop-to-buffer buffer)
    buffer))

(defun taskwire-form--read ()
  "The form's fields as an alist of symbol to string."
  (save-excursion
    (goto-char (point-min))
    (let (fields)
      (while (not (eobp))
        (let* ((line (buffer-substring-no-properties (point) (line-end-position)))
               (field (seq-find (lambda (field) (string-prefix-p (concat (cdr field) ":") line))
                                taskwire-form--labels)))
          (when field
            (push (cons (car field)
                        (string-trim (if (eq (car field) 'notes)
                                         (buffer-substring-no-properties
                                          (min (point-max) (1+ (line-end-position)))
                                          (point-max))
                                       (substring line (1+ (length (cdr field)))))))
                  fields)
            (when (eq (car field) 'notes) (goto-char (point-max))))
          (forward-line 1)))
      fields)))

(defun taskwire-form--refuse (key field &rest args)
  "Signal the catalogue's KEY about FIELD, filled from ARGS."
  (user-error "%s" (apply #'taskwire-text key :field (cdr (assq field taskwire-form--labels))
                          args)))

(defun taskwire-form--pick (field value choices)
  "The key in CHOICES (an alist of key to name) whose name or key is VALUE.
FIELD names the field for the error when there is none."
  (or (car (seq-find (lambda (choice)
                       (member (downcase value) (list (downcase (cdr choice))
                                                      (downcase (format "%s" (car choice))))))
                     choices))
      (taskwire-form--refuse "emacs.error.oneOf" field
                             :values (mapconcat #'cdr choices ", "))))

(defun taskwire-form--parse (text)
  "Return the fields of the title \"x\" followed by TEXT, as quick add has them."
  (plist-get (taskwire-rpc-request 'task/parse (list :text (concat "x " text))) :fields))

(defun taskwire-form--minutes (value)
  "Return the minutes VALUE gives: \"45\", or a duration such as \"1h30m\"."
  (if (string-match-p "\\`[0-9]+\\'" value)
      (string-to-number value)
    (or (plist-get (taskwire-form--parse value) :durationMinutes)
        (taskwire-form--refuse "emacs.error.minutes" 'duration :value value))))

(defun taskwire-form--recurrence (value)
  "Return the recurrence VALUE names, read by quick add.
A final ! makes it count from completion."
  (if (string-empty-p value)
      (list :pattern "none")
    (let* ((after (string-suffix-p "!" value))
           (recurrence (plist-get (taskwire-form--parse (string-remove-suffix "!" value))
                                  :recurrence)))
      (unless recurrence
        (taskwire-form--refuse "emacs.error.repeat" 'repeat :value value))
      (if after (plist-put (copy-sequence recurrence) :afterCompletion t) recurrence))))

(defun taskwire-form--yes (value)
  "VALUE as t or `:json-false'."
  (if (eq (taskwire-form--pick 'urgent value
                               (list (cons 'yes (taskwire-text "yes"))
                                     (cons 'no (taskwire-text "no"))))
          'yes)
      t :json-false))

(defun taskwire-form-params ()
  "The `task/update' params for the fields the form changed."
  (let* ((task taskwire-form--task)
         (old (taskwire-form--values task))
         (new (taskwire-form--read))
         (params (list :id (plist-get task :id))))
    (dolist (field (mapcar #'car taskwire-form--fields))
      (let ((value (cdr (assq field new))))
        (unless (or (null value) (equal value (cdr (assq field old))))
          (setq params
                (append params
                        (pcase field
                          ('title (list :title value))
                          ('tags (list :tags (vconcat (split-string value "[ ,]+" t))))
                          ('priority (list :priority (taskwire-form--pick
                                                      field value (taskwire-form--priorities))))
                          ('urgent (list :urgent (taskwire-form--yes value)))
                          ('duration (list :durationMinutes (taskwire-form--minutes value)))
                          ('type (list :type (taskwire-form--pick
                                              field value (taskwire-form--names
                                                           "type." taskwire-form--types))))
                          ('scheduled (list :scheduledDate (and (not (string-empty-p value)) value)))
                          ('time (list :scheduledTime (taskwire-form--time value)))
                          ('due (list :dueDate (and (not (string-empty-p value)) value)))
                          ('duetime (list :dueTime (taskwire-form--time value)))
                          ('repeat (list :recurrence (taskwire-form--recurrence value)))
                          ('notes (list :notes (and (not (string-empty-p value)) value)))))))))
    params))

(defun taskwire-form-save ()
  "Send the fields that changed as one `task/update', and close the form."
  (interactive)
  (let ((params (taskwire-form-params)))
    (if (<= (length params) 2)
        (taskwire-rpc-message "%s" (taskwire-text "emacs.message.unchanged"))
      (condition-case err
          (progn (taskwire-rpc-request 'task/update params)
                 (taskwire-rpc-message "%s" (taskwire-text "message.updated"
                                                           :title (plist-get taskwire-form--task
                                                                             :title))))
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
