;;; taskwire-org.el --- Today and Upcoming in org-agenda  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; `taskwire-org-export' writes taskwire's Today and Upcoming to an org
;; file (`taskwire-org-file'): one heading per day, a TODO per task
;; with its tags, SCHEDULED (with its time of day) and DEADLINE, so
;; that `org-agenda' shows taskwire's tasks beside the person's own,
;; a timed one in the day's time grid.  `taskwire-org-agenda'
;; writes it and shows the agenda with the file among
;; `org-agenda-files'.  The file is taskwire's: it is written anew
;; each time, and an edit made in it does not reach the store.
;; `taskwire-org-sync-mode' keeps it current: Today and Upcoming stay
;; subscribed, and the file is written again after each change.

;;; Code:

(require 'seq)
(require 'subr-x)
(require 'taskwire-catalogue)
(require 'taskwire-rpc)
(require 'taskwire-display)
(require 'taskwire-view)
(require 'taskwire-subscription)

(declare-function org-agenda-list "org-agenda" (&optional arg start-day span with-hour))
(declare-function org-agenda-files "org" (&optional unrestricted archives))
(defvar org-agenda-files)

(defcustom taskwire-org-file (locate-user-emacs-file "taskwire.org")
  "The org file `taskwire-org-export' writes."
  :type 'file
  :group 'taskwire)

(defun taskwire-org--date (date &optional time)
  "DATE (YYYY-MM-DD) as an org timestamp, \"<2026-02-12 Thu>\", as org writes it.
With TIME (HH:MM), the time of day after the weekday: \"<2026-02-12 Thu 15:30>\"."
  (pcase-let ((`(,y ,m ,d) (mapcar #'string-to-number (split-string date "-"))))
    (format-time-string (if time (concat "<%Y-%m-%d %a " time ">") "<%Y-%m-%d %a>")
                        (encode-time (list 0 0 12 d m y nil -1 nil)))))

(defun taskwire-org--string (value)
  "VALUE when it is a non-empty string, else nil."
  (and (stringp value) (not (string-empty-p value)) value))

(defun taskwire-org--tag (tag)
  "Return TAG in the characters of an org tag (letters, digits, _ @ # %)."
  (replace-regexp-in-string "[^[:alnum:]_@#%]" "_" tag))

(defun taskwire-org--task (task)
  "TASK as an org heading with its planning line."
  (let* ((tags (mapcar #'taskwire-org--tag (plist-get task :tags)))
         (priority (pcase (plist-get task :priority) (3 "[#A] ") (2 "[#B] ") (_ "")))
         (scheduled (taskwire-org--string (plist-get task :scheduledDate)))
         (due (taskwire-org--string (plist-get task :dueDate)))
         (planning (string-join
                    (delq nil (list (and scheduled
                                         (concat "SCHEDULED: "
                                                 (taskwire-org--date
                                                  scheduled (taskwire-org--string
                                                             (plist-get task :scheduledTime)))))
                                    (and due (concat "DEADLINE: " (taskwire-org--date due)))))
                    " ")))
    (concat "** TODO " priority
            (replace-regexp-in-string "[\n\r]" " " (plist-get task :title))
            (if tags (concat " :" (string-join tags ":") ":") "")
            "\n"
            (if (string-empty-p planning) "" (concat "   " planning "\n"))
            ":PROPERTIES:\n:TASKWIRE_ID: " (number-to-string (plist-get task :id))
            "\n:END:\n")))

(defun taskwire-org-text ()
  "Today and Upcoming as the text of an org file."
  (taskwire-rpc-start)
  (concat
   "#+TITLE: taskwire\n"
   "# " (taskwire-text "emacs.org.note") "\n"
   (mapconcat
    (lambda (view)
      (mapconcat
       (lambda (group)
         (concat "* " (substring-no-properties (taskwire-display-header group)) "\n"
                 (mapconcat #'taskwire-org--task (plist-get group :tasks) "")))
       (plist-get (taskwire-rpc-request 'view/list (list :view view)) :groups) ""))
    '("today" "upcoming") "")))

;;;###autoload
(defun taskwire-org-export (&optional file)
  "Write Today and Upcoming to FILE (default `taskwire-org-file'); return FILE."
  (interactive)
  (let ((file (expand-file-name (or file taskwire-org-file)))
        (text (condition-case err
                  (taskwire-org-text)
                (taskwire-error (user-error "Taskwire: %s" (cadr err))))))
    (with-temp-file file
      (insert text))
    (let ((buffer (find-buffer-visiting file)))
      (when buffer
        (with-current-buffer buffer (revert-buffer t t t))))
    (when (called-interactively-p 'interactive)
      (taskwire-rpc-message "%s" (taskwire-text "emacs.message.wrote" :file file)))
    file))

;;;###autoload
(defun taskwire-org-agenda ()
  "Show Today and Upcoming in `org-agenda', beside the agenda's own files."
  (interactive)
  (require 'org-agenda)
  (let* ((file (taskwire-org-export))
         (org-agenda-files (cons file (seq-remove (lambda (f) (equal (expand-file-name f) file))
                                                  (org-agenda-files t)))))
    (org-agenda-list)))

(defvar taskwire-org--timer nil
  "The timer of the next export of `taskwire-org-sync-mode'.")

;;;###autoload
(define-minor-mode taskwire-org-sync-mode
  "Keep `taskwire-org-file' current while Emacs runs.
Today and Upcoming stay subscribed (their buffers open, not shown),
and the file is written again shortly after each change, by any
client on the store."
  :global t
  :group 'taskwire
  (if taskwire-org-sync-mode
      (progn
        (add-hook 'taskwire-view-changed-functions #'taskwire-org--changed)
        (condition-case err
            (progn (taskwire-view-open "today")
                   (taskwire-view-open "upcoming")
                   (taskwire-org-export))
          (taskwire-error
           (setq taskwire-org-sync-mode nil)
           (remove-hook 'taskwire-view-changed-functions #'taskwire-org--changed)
           (user-error "Taskwire: %s" (cadr err)))))
    (remove-hook 'taskwire-view-changed-functions #'taskwire-org--changed)
    (when (timerp taskwire-org--timer) (cancel-timer taskwire-org--timer))))

(defun taskwire-org--changed (view)
  "Write the org file again soon when VIEW is Today or Upcoming."
  (when (member view '("today" "upcoming"))
    (when (timerp taskwire-org--timer) (cancel-timer taskwire-org--timer))
    (setq taskwire-org--timer
          (run-at-time 0.3 nil (lambda ()
                                 (setq taskwire-org--timer nil)
                                 (condition-case err
                                     (taskwire-org-export)
                                   (error (taskwire-rpc-message
                                           "%s" (taskwire-text
                                                 "emacs.error.writeFailed" :file taskwire-org-file
                                                 :error (error-message-string err))))))))))

(provide 'taskwire-org)
;;; taskwire-org.el ends here
