;;; taskwire-quickadd.el --- Quick add in the minibuffer, its tokens highlighted  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; The server reads a whole task out of one line ("Call mom #family
;; !! 30m tomorrow").  While the person types, each change of the
;; minibuffer asks `task/parse' what the line means (it stores
;; nothing and reads no store) and highlights its spans: tags,
;; priority, urgency, duration, type, dates, times, due dates and
;; repeats.
;; Spans are counted in Unicode scalars, as Emacs counts characters.
;;
;; ">Garden" files the task in the project Garden, ">Garden/Spring"
;; under its heading Spring (the server reads it); TAB after a ">"
;; completes the names of the open projects and their headings.

;;; Code:

(require 'seq)
(require 'subr-x)
(require 'taskwire-catalogue)
(require 'taskwire-rpc)

(defface taskwire-quickadd-token '((t :inherit font-lock-keyword-face))
  "Face of a token quick add reads out of the line."
  :group 'taskwire)
(defface taskwire-quickadd-date '((t :inherit font-lock-string-face))
  "Face of a date, time of day, due date or repeat quick add reads."
  :group 'taskwire)
(defface taskwire-quickadd-tag '((t :inherit font-lock-variable-name-face))
  "Face of a tag quick add reads."
  :group 'taskwire)

(defcustom taskwire-quickadd-highlight t
  "Whether quick add highlights the tokens the server reads as you type."
  :type 'boolean
  :group 'taskwire)

(defvar taskwire-quickadd-history nil
  "The quick add lines typed before.")

(defvar taskwire-quickadd--view nil
  "The view quick add reads the line for.")

(defvar-local taskwire-quickadd--overlays nil
  "The minibuffer's span overlays.")

(defun taskwire-quickadd-face (kind)
  "The face of a span of KIND."
  (pcase kind
    ((or "date" "time" "due" "recurrence") 'taskwire-quickadd-date)
    ("tag" 'taskwire-quickadd-tag)
    (_ 'taskwire-quickadd-token)))

(defconst taskwire-quickadd--fields
  '(("tag" . "field.tags") ("priority" . "field.priority") ("urgent" . "field.urgent")
    ("duration" . "field.duration") ("type" . "field.type") ("date" . "field.scheduled")
    ("time" . "field.scheduled")
    ("due" . "field.due") ("recurrence" . "field.repeat") ("project" . "emacs.field.project"))
  "The catalogue key of the field each kind of span sets.")

(defun taskwire-quickadd-field (kind)
  "Return the name of the field a span of KIND is for (else KIND)."
  (let ((key (cdr (assoc kind taskwire-quickadd--fields))))
    (if key (taskwire-text key) kind)))

(defun taskwire-quickadd-spans (text view)
  "Return the spans of TEXT as the server would read it in VIEW.
A list of (START END KIND), counted in characters from 0."
  (condition-case nil
      (mapcar (lambda (span) (list (plist-get span :scalarStart) (plist-get span :scalarEnd)
                                   (plist-get span :kind)))
              (plist-get (taskwire-rpc-request 'task/parse (append (list :text text)
                                                                   (and view (list :view view))))
                         :spans))
    (taskwire-error nil)))

(defun taskwire-quickadd--highlight (&rest _)
  "Highlight the minibuffer's tokens."
  (mapc #'delete-overlay taskwire-quickadd--overlays)
  (setq taskwire-quickadd--overlays nil)
  (let* ((start (minibuffer-prompt-end))
         (text (buffer-substring-no-properties start (point-max))))
    (unless (string-blank-p text)
      (dolist (span (taskwire-quickadd-spans text taskwire-quickadd--view))
        (let ((from (+ start (nth 0 span))) (to (+ start (nth 1 span))))
          (when (<= to (point-max))
            (let ((overlay (make-overlay from to)))
              (overlay-put overlay 'face (taskwire-quickadd-face (nth 2 span)))
              (overlay-put overlay 'help-echo (taskwire-quickadd-field (nth 2 span)))
              (push overlay taskwire-quickadd--overlays))))))))

(defvar taskwire-quickadd-project-names-function nil
  "Function of no arguments: the names quick add completes after \">\".
Set by taskwire-projects.el (the open projects and their headings).")

(defvar-local taskwire-quickadd--project-names nil
  "The names completed after \">\" in this minibuffer, once asked for.")

(defun taskwire-quickadd-complete-project ()
  "Complete the name of a project or heading after a \">\" before point.
For `completion-at-point-functions'."
  (let* ((end (point))
         (start (save-excursion (skip-chars-backward "^ \t>") (point)))
         (before (and (> start (point-min)) (char-before (1- start)))))
    (when (and taskwire-quickadd-project-names-function
               (eq (char-before start) ?>)
               (or (null before) (<= (1- start) (minibuffer-prompt-end))
                   (memq before '(?\s ?\t))))
      (list start end
            (completion-table-dynamic
             (lambda (_)
               (or taskwire-quickadd--project-names
                   (setq taskwire-quickadd--project-names
                         (condition-case nil
                             (funcall taskwire-quickadd-project-names-function)
                           (taskwire-error nil))))))
            :exclusive 'no))))

(defvar taskwire-quickadd-minibuffer-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "TAB") #'completion-at-point)
    map)
  "Keys of the quick add minibuffer, over the usual ones.")

(defun taskwire-quickadd--setup ()
  "Complete project names, and highlight as the person types, in this minibuffer."
  (use-local-map (make-composed-keymap taskwire-quickadd-minibuffer-map (current-local-map)))
  (add-hook 'completion-at-point-functions #'taskwire-quickadd-complete-project nil t)
  (when taskwire-quickadd-highlight
    (add-hook 'after-change-functions #'taskwire-quickadd--highlight nil t)))

(defun taskwire-quickadd-read (prompt view &optional initial)
  "Read a quick add line with PROMPT for VIEW, highlighting its tokens.
INITIAL fills the minibuffer at the start; TAB after \">\" completes a
project's name."
  (let ((taskwire-quickadd--view view))
    (minibuffer-with-setup-hook #'taskwire-quickadd--setup
      (read-string prompt initial 'taskwire-quickadd-history))))

(provide 'taskwire-quickadd)
;;; taskwire-quickadd.el ends here
