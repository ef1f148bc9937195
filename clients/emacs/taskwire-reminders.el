;;; taskwire-reminders.el --- Reminders from the taskwire server  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; A task may have reminders ("Water plants 10am remind 9:30").  This
;; Emacs tells the server that it shows them (`initialize' with
;; initializationOptions.reminders, unless `taskwire-show-reminders'
;; is nil); while the server runs, a reminder that falls due comes as
;; a `reminder' notification and is shown in the echo area, in the
;; server's words ("taskwire: Reminder: Water plants (Today 9:30
;; AM)").  The one Emacs whose server fired it (its `alert' is true)
;; also calls `taskwire-reminders-alert-function', a desktop
;; notification by default where D-Bus has one.  The reminder is kept
;; until it is acted on, here or elsewhere (`reminder/cleared').
;;
;; `M-x taskwire-reminders' offers the actions of the reminders
;; showing, the server's titles: Complete (`task/complete'), the
;; snoozes (`reminder/snooze' with their "for") and Dismiss
;; (`reminder/dismiss').

;;; Code:

(require 'cl-lib)
(require 'subr-x)
(require 'taskwire-catalogue)
(require 'taskwire-rpc)

(declare-function notifications-notify "notifications" (&rest params))
(declare-function notifications-close-notification "notifications" (id &optional bus))

(defcustom taskwire-show-reminders t
  "Non-nil: this Emacs shows reminders.
The server is told so when it starts (`initialize'); with nil it sends
none.  A change applies to the next server started (`taskwire-stop')."
  :type 'boolean
  :group 'taskwire)

(defcustom taskwire-reminders-alert-function #'taskwire-reminders-notify-desktop
  "Function called with a reminder that this Emacs's server fired, or nil.
Every Emacs with a server on the store shows a reminder, but only the
one whose server fired it alerts (the reminder's :alert is t).  The
argument is the `reminder' notification's plist (:id :at :title :text
:when :missed :alert :actions :task).  The default raises a desktop
notification where Emacs has D-Bus, with the reminder's actions."
  :type '(choice (const :tag "None" nil) function)
  :group 'taskwire)

(defvar taskwire-reminder-functions nil
  "Functions called with each reminder that comes (a plist), alert or not.")

(defvar taskwire-reminders--showing nil
  "The reminders showing, oldest first: the `reminder' notifications' plists.")

(defvar taskwire-reminders--desktop nil
  "Alist of (ID . AT) of a reminder to its desktop notification's id.")

(defun taskwire-reminders-showing ()
  "The reminders showing, oldest first (plists)."
  (copy-sequence taskwire-reminders--showing))

(defun taskwire-reminders-describe (reminder)
  "\"Reminder: Water plants (Today 9:30 AM)\" of REMINDER, the server's words."
  (format "%s: %s (%s)" (plist-get reminder :title) (plist-get reminder :text)
          (plist-get reminder :when)))

(defun taskwire-reminders--same-p (reminder id at)
  "Whether REMINDER is the one of task ID at AT."
  (and (equal (plist-get reminder :id) id) (equal (plist-get reminder :at) at)))

(defun taskwire-reminders--forget (id at)
  "Stop showing the reminder of task ID at AT (its desktop notification too)."
  (setq taskwire-reminders--showing
        (cl-remove-if (lambda (reminder) (taskwire-reminders--same-p reminder id at))
                      taskwire-reminders--showing))
  (let ((cell (assoc (cons id at) taskwire-reminders--desktop)))
    (when cell
      (setq taskwire-reminders--desktop (delq cell taskwire-reminders--desktop))
      (when (fboundp 'notifications-close-notification)
        (ignore-errors (notifications-close-notification (cdr cell)))))))

;;;; Notifications

(defun taskwire-reminders--on-reminder (reminder)
  "A reminder fell due: keep REMINDER, show it, alert when this server fired it."
  (let ((id (plist-get reminder :id)) (at (plist-get reminder :at)))
    (taskwire-reminders--forget id at)
    (setq taskwire-reminders--showing (append taskwire-reminders--showing (list reminder)))
    (taskwire-rpc-message "%s" (taskwire-reminders-describe reminder))
    (when (and (eq (plist-get reminder :alert) t) taskwire-reminders-alert-function)
      (funcall taskwire-reminders-alert-function reminder))
    (run-hook-with-args 'taskwire-reminder-functions reminder)))

(defun taskwire-reminders--on-cleared (params)
  "A reminder stopped showing (PARAMS: :id :at :reason)."
  (taskwire-reminders--forget (plist-get params :id) (plist-get params :at)))

(defun taskwire-reminders--on-server-exit ()
  "The server ended: the next one sends the reminders still showing again."
  (dolist (reminder taskwire-reminders--showing)
    (taskwire-reminders--forget (plist-get reminder :id) (plist-get reminder :at))))

(taskwire-rpc-on-notification 'reminder #'taskwire-reminders--on-reminder)
(taskwire-rpc-on-notification 'reminder/cleared #'taskwire-reminders--on-cleared)
(add-hook 'taskwire-rpc-exit-hook #'taskwire-reminders--on-server-exit)

(defun taskwire-reminders--action-key (action)
  "A key naming ACTION uniquely among a reminder's (\"snooze:10m\")."
  (let ((for (plist-get action :for)))
    (concat (plist-get action :action) (if for (concat ":" for) ""))))

(defun taskwire-reminders-notify-desktop (reminder)
  "Raise a desktop notification of REMINDER, with its actions as buttons.
Only where Emacs has D-Bus and a display; elsewhere (in batch, say)
nothing happens."
  (when (and (not noninteractive)
             (featurep 'dbusbind)
             (ignore-errors (require 'notifications nil t))
             (fboundp 'notifications-notify))
    (let* ((actions (append (plist-get reminder :actions) nil))
           (id (ignore-errors
                 (notifications-notify
                  :app-name "taskwire"
                  :title (plist-get reminder :title)
                  :body (format "%s\n%s" (plist-get reminder :text) (plist-get reminder :when))
                  :actions (cl-loop for action in actions
                                    append (list (taskwire-reminders--action-key action)
                                                 (plist-get action :title)))
                  :on-action (lambda (_id key)
                               (let ((action (cl-find key actions :test #'equal
                                                      :key #'taskwire-reminders--action-key)))
                                 (when action
                                   (condition-case err
                                       (taskwire-reminders-act reminder action)
                                     (taskwire-error
                                      (taskwire-rpc-message "%s" (cadr err)))))))))))
      (when id
        (push (cons (cons (plist-get reminder :id) (plist-get reminder :at)) id)
              taskwire-reminders--desktop)))))

;;;; Acting on them

(defun taskwire-reminders-act (reminder action)
  "Take ACTION (a plist of REMINDER's :actions) on REMINDER.
Complete completes its task, a snooze makes it come again later,
Dismiss drops it.  The other processes are sent `reminder/cleared';
this one forgets it on the reply."
  (let* ((id (plist-get reminder :id))
         (at (plist-get reminder :at))
         (kind (plist-get action :action))
         (result (pcase kind
                   ("complete" (taskwire-rpc-request 'task/complete (list :id id)))
                   ("snooze" (taskwire-rpc-request 'reminder/snooze
                                                   (list :id id :at at
                                                         :for (plist-get action :for))))
                   ("dismiss" (taskwire-rpc-request 'reminder/dismiss (list :id id :at at))))))
    (taskwire-reminders--forget id at)
    (cond ((equal kind "complete")
           (taskwire-rpc-message "%s" (taskwire-text "message.completed"
                                                     :title (or (plist-get (plist-get result :task)
                                                                           :title)
                                                                (plist-get reminder :text)))))
          ((plist-get result :message)          ; "Snoozed until 9:40 AM"
           (taskwire-rpc-message "%s" (plist-get result :message))))))

(defun taskwire-reminders--label (reminder)
  "\"Water plants · Today 9:30 AM\": REMINDER as a choice, the server's words."
  (format "%s · %s" (plist-get reminder :text) (plist-get reminder :when)))

(defun taskwire-reminders--choose-reminder (reminders)
  "Ask which of REMINDERS (more than one) to act on; return it."
  (let* ((labels (mapcar #'taskwire-reminders--label reminders))
         (choices (cl-loop for reminder in reminders
                           for label in labels
                           for n from 1
                           ;; (two alike are told apart by their place)
                           collect (cons (if (> (cl-count label labels :test #'equal) 1)
                                             (format "%s [%d]" label n)
                                           label)
                                         reminder)))
         ;; ("Reminder: ", the server's word)
         (answer (completing-read (concat (plist-get (car reminders) :title) ": ")
                                  choices nil t)))
    (cdr (assoc answer choices))))

(defun taskwire-reminders--choose-action (reminder)
  "Ask which of REMINDER's actions to take (the server's titles); return it."
  (let* ((choices (mapcar (lambda (action) (cons (plist-get action :title) action))
                          (plist-get reminder :actions)))
         (answer (completing-read (concat (taskwire-reminders-describe reminder) ": ")
                                  choices nil t)))
    (cdr (assoc answer choices))))

;;;###autoload
(defun taskwire-reminders ()
  "Complete, snooze or dismiss a reminder showing.
The reminders showing are asked of the server (starting it); with
several, which one is asked first, then which of its actions, in the
server's words."
  (interactive)
  (condition-case err
      (let ((listed (append (plist-get (taskwire-rpc-request 'reminder/list nil) :reminders) nil)))
        ;; the server's list is the truth: one whose cleared never came goes
        (dolist (reminder taskwire-reminders--showing)
          (let ((id (plist-get reminder :id)) (at (plist-get reminder :at)))
            (unless (cl-some (lambda (r) (taskwire-reminders--same-p r id at)) listed)
              (taskwire-reminders--forget id at))))
        (setq taskwire-reminders--showing listed)
        (if (null listed)
            (taskwire-rpc-message "%s" (taskwire-text "list.empty")) ; "(empty)"
          (let* ((reminder (if (cdr listed)
                               (taskwire-reminders--choose-reminder listed)
                             (car listed)))
                 (action (and reminder (taskwire-reminders--choose-action reminder))))
            (when action
              (taskwire-reminders-act reminder action)))))
    (taskwire-error (user-error "Taskwire: %s" (cadr err)))))

(provide 'taskwire-reminders)
;;; taskwire-reminders.el ends here
