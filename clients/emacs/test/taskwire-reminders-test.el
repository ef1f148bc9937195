;;; taskwire-reminders-test.el --- ERT tests of reminders  -*- lexical-binding: t -*-

;;; Commentary:

;; Against the real server (see taskwire-test.el for the setting): a
;; reminder falls due as test/setClock moves the fixed clock (08:00
;; UTC is 09:00 in Berlin), is shown in the echo area and alerts (this
;; Emacs's server fired it); `taskwire-reminders' snoozes, dismisses
;; and completes it, the minibuffer answering; another process's
;; dismissal clears it here; `taskwire-show-reminders' nil: none.

;;; Code:

(require 'ert)
(require 'cl-lib)
(require 'taskwire-test)

(defconst taskwire-reminders-test--actions
  '("Complete" "10 minutes" "1 hour" "This evening" "Tomorrow morning" "Dismiss")
  "The actions the server offers, in English.")

(defmacro taskwire-reminders-test--answering (answers &rest body)
  "Run BODY, `completing-read' answering ANSWERS in order.
Return the (PROMPT CHOICES…) of each question asked, in order."
  (declare (indent 1) (debug t))
  `(let ((answers ,answers) (asked nil))
     (cl-letf (((symbol-function 'completing-read)
                (lambda (prompt collection &rest _)
                  (push (cons prompt (all-completions "" collection)) asked)
                  (pop answers))))
       ,@body)
     (nreverse asked)))

(defun taskwire-reminders-test--water-plants ()
  "Make Water plants (today 10:00, a reminder at 09:30); return its id."
  (plist-get (plist-get (taskwire-rpc-request
                         'task/create '(:title "Water plants" :view "today" :scheduledTime "10:00"
                                       :reminders [(:at "2026-02-12T09:30")]))
                        :task)
             :id))

(defun taskwire-reminders-test--set-clock (now)
  "Move the server's clock to NOW (UTC); what fell due comes after the reply."
  (taskwire-rpc-request 'test/setClock (list :now now)))

(defun taskwire-reminders-test--wait (count)
  "Wait until COUNT reminders show; assert it."
  (taskwire-rpc-wait (lambda () (= count (length (taskwire-reminders-showing)))) 3)
  (should (= count (length (taskwire-reminders-showing)))))

(defun taskwire-reminders-test--listed ()
  "The texts of the reminders the server lists as showing."
  (mapcar (lambda (reminder) (plist-get reminder :text))
          (plist-get (taskwire-rpc-request 'reminder/list nil) :reminders)))

(ert-deftest taskwire-reminders-show-snooze-and-dismiss ()
  (let* ((alerts nil)
         (taskwire-reminders-alert-function (lambda (reminder) (push reminder alerts))))
    (taskwire-test-with-server "en"
      (should (seq-contains-p (plist-get (taskwire-rpc-server) :notifications) "reminder"))
      (taskwire-reminders-test--water-plants)
      (taskwire-reminders-test--set-clock "2026-02-12T08:29:00Z")
      (taskwire-rpc-wait #'ignore 0.1)
      (should (null (taskwire-reminders-showing)))
      (taskwire-reminders-test--set-clock "2026-02-12T08:30:00Z")
      (taskwire-reminders-test--wait 1)
      (should (equal taskwire-test-message "taskwire: Reminder: Water plants (Today 9:30 AM)"))
      (should (equal (mapcar (lambda (r) (plist-get r :text)) alerts) '("Water plants")))
      ;; the desktop notification does nothing in batch, and says nothing
      (should-not (taskwire-reminders-notify-desktop (car alerts)))
      ;; the only one: its actions at once, the server's titles; 10 minutes snoozes it
      (should (equal (taskwire-reminders-test--answering '("10 minutes")
                       (taskwire-reminders))
                     (list (cons "Reminder: Water plants (Today 9:30 AM): "
                                 taskwire-reminders-test--actions))))
      (should (equal taskwire-test-message "taskwire: Snoozed until 9:40 AM"))
      (should (null (taskwire-reminders-showing)))
      (should (null (taskwire-reminders-test--listed)))
      ;; ten minutes later it comes again; R in a view dismisses it for good
      (taskwire-reminders-test--set-clock "2026-02-12T08:40:00Z")
      (taskwire-reminders-test--wait 1)
      (should (= 2 (length alerts)))
      (taskwire-today)
      (taskwire-reminders-test--answering '("Dismiss")
        (taskwire-test-key "today" "R"))
      (should (null (taskwire-reminders-showing)))
      (should (null (taskwire-reminders-test--listed)))
      (setq taskwire-test-message nil)
      (taskwire-reminders-test--set-clock "2026-02-12T09:30:00Z")
      (taskwire-rpc-wait #'ignore 0.15)
      (should (null (taskwire-reminders-showing)))
      (should-not taskwire-test-message))))

(ert-deftest taskwire-reminders-complete-one-of-two ()
  (let ((taskwire-reminders-alert-function nil))
    (taskwire-test-with-server "en"
      (taskwire-reminders-test--water-plants)
      (let ((other (plist-get (plist-get (taskwire-rpc-request
                                          'task/create '(:title "Call Anna" :view "today"
                                                        :reminders [(:at "2026-02-12T09:45")]))
                                         :task)
                              :id)))
        (taskwire-reminders-test--set-clock "2026-02-12T08:45:00Z") ; the 09:30 one was missed
        (taskwire-reminders-test--wait 2)
        (should (equal (plist-get (car (taskwire-reminders-showing)) :title) "Missed reminder"))
        (let ((asked (taskwire-reminders-test--answering '("Call Anna · Today 9:45 AM" "Complete")
                       (taskwire-reminders))))
          (should (equal (cdr (nth 0 asked))
                         '("Water plants · Today 9:30 AM" "Call Anna · Today 9:45 AM")))
          (should (equal (car (nth 1 asked)) "Reminder: Call Anna (Today 9:45 AM): ")))
        (should (equal taskwire-test-message "taskwire: Completed 'Call Anna'"))
        (should (eq t (plist-get (plist-get (taskwire-rpc-request 'task/get (list :id other)) :task)
                                 :completed)))
        (should (equal (mapcar (lambda (r) (plist-get r :text)) (taskwire-reminders-showing))
                       '("Water plants")))
        (should (equal (taskwire-reminders-test--listed) '("Water plants")))
        ;; an empty answer does nothing
        (should (equal (length (taskwire-reminders-test--answering '("")
                                 (taskwire-reminders)))
                       1))
        (should (= 1 (length (taskwire-reminders-showing))))
        (should (equal (taskwire-reminders-test--listed) '("Water plants")))))))

(ert-deftest taskwire-reminders-cleared-by-another-process ()
  (let ((taskwire-reminders-alert-function nil))
    (taskwire-test-with-server "en"
      (let ((id (taskwire-reminders-test--water-plants)))
        (taskwire-reminders-test--set-clock "2026-02-12T08:30:00Z")
        (taskwire-reminders-test--wait 1)
        (taskwire-test-other-process
         (json-serialize (list :jsonrpc "2.0" :id 1 :method "reminder/dismiss"
                               :params (list :id id :at "2026-02-12T09:30"))))
        (taskwire-reminders-test--wait 0)
        (taskwire-reminders-test--answering '()
          (taskwire-reminders))
        (should (equal taskwire-test-message
                       "taskwire: (empty)"))))))

(ert-deftest taskwire-reminders-off ()
  (let ((taskwire-show-reminders nil))
    (taskwire-test-with-server "en"
      (should-not (seq-contains-p (plist-get (taskwire-rpc-server) :notifications) "reminder"))
      (taskwire-reminders-test--water-plants)
      (taskwire-reminders-test--set-clock "2026-02-12T08:30:00Z")
      (taskwire-rpc-wait #'ignore 0.15)
      (should (null (taskwire-reminders-showing))))))

(provide 'taskwire-reminders-test)
;;; taskwire-reminders-test.el ends here
