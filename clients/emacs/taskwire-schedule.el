;;; taskwire-schedule.el --- Scheduling the task at point  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; `taskwire-schedule' gives the task at point a new date from the
;; server's menu (`task/scheduleOptions': its labels, details and the
;; current choice) or a typed phrase; `taskwire-to-inbox' sends it to
;; the Inbox.  The server's reply says where the task went.

;;; Code:

(require 'seq)
(require 'subr-x)
(require 'taskwire-catalogue)
(require 'taskwire-rpc)
(require 'taskwire-actions)

(defun taskwire-schedule--date (id)
  "Ask for task ID's new date with the server's menu; nil when cancelled.
Returns (DATE) where DATE is a YYYY-MM-DD date, a phrase or nil (Inbox)."
  (let* ((menu (taskwire-rpc-request 'task/scheduleOptions (list :id id)))
         (options (append (plist-get menu :options) nil))
         (picker (plist-get menu :picker))
         (labels (mapcar (lambda (option)
                           (cons (concat (plist-get option :label)
                                         (let ((detail (plist-get option :detail)))
                                           (if (stringp detail) (concat "  " detail) ""))
                                         (if (eq (plist-get option :current) t) "  •" ""))
                                 option))
                         options))
         (table (lambda (string predicate action)
                  (if (eq action 'metadata)
                      '(metadata (display-sort-function . identity)
                                 (cycle-sort-function . identity))
                    (complete-with-action action (mapcar #'car labels) string predicate))))
         (answer (completing-read (taskwire-text "emacs.prompt.schedule") table))
         (option (or (cdr (assoc answer labels))
                     (seq-find (lambda (option) (equal (plist-get option :label) answer))
                               options))))
    (cond ((string-blank-p answer) nil)
          ((null option) (list (string-trim answer)))
          ((equal (plist-get option :id) "choose")
           (let ((phrase (read-string (concat (taskwire-text "input.date") ": ")
                                      (plist-get picker :default))))
             (and (not (string-blank-p phrase)) (list (string-trim phrase)))))
          ((equal (plist-get option :id) "inbox") (list nil))
          (t (list (plist-get option :date))))))

(defun taskwire-schedule ()
  "Schedule the task at point with the server's date menu (or a typed phrase)."
  (interactive)
  (let ((task (taskwire-actions--task)))
    (taskwire-actions--with-errors
      (let ((date (taskwire-schedule--date (plist-get task :id))))
        (when date
          (taskwire-actions--say-where
           (taskwire-rpc-request 'task/schedule
                                 (list :id (plist-get task :id) :date (car date)))))))))

(defun taskwire-to-inbox ()
  "Send the task at point to the Inbox (no date)."
  (interactive)
  (let ((task (taskwire-actions--task)))
    (taskwire-actions--with-errors
      (taskwire-actions--say-where
       (taskwire-rpc-request 'task/schedule (list :id (plist-get task :id) :date nil))))))

(provide 'taskwire-schedule)
;;; taskwire-schedule.el ends here
