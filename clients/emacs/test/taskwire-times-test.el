;;; taskwire-times-test.el --- ERT tests of the edit form's times of day  -*- lexical-binding: t -*-

;;; Commentary:

;; The edit form's Time and Due time (the dates' times of day), against
;; the real server (see taskwire-test.el for the setting): set through
;; the form, stored as scheduledTime and dueTime, shown in the view in
;; the server's words; one without its date refused in the server's
;; words; cleared by an empty value or "none".

;;; Code:

(require 'ert)
(require 'taskwire-test)

(defun taskwire-times-test--task (id)
  "Task ID as the server has it."
  (plist-get (taskwire-rpc-request 'task/get (list :id id)) :task))

(defun taskwire-times-test--set (label value)
  "Make the form's line of LABEL say VALUE."
  (goto-char (point-min))
  (re-search-forward (concat "^" (regexp-quote label) ": .*$"))
  (replace-match (concat label ": " value) t t))

(defun taskwire-times-test--open ()
  "Open the form of the task \"Call mom\" in Today; return its buffer."
  (taskwire-test-goto "today" "Call mom")
  (taskwire-test-key "today" "e")
  (set-buffer "*taskwire edit 1*")
  (should (derived-mode-p 'taskwire-form-mode))
  (current-buffer))

(ert-deftest taskwire-times-set-refused-and-cleared-in-the-form ()
  (should (equal (mapcar #'taskwire-form--time '("9:30" "15:05" "" "none" "5pm"))
                 '("09:30" "15:05" nil nil "5pm")))
  (taskwire-test-with-server "en"
    (taskwire-test-create "Call mom")
    (taskwire-today)
    (taskwire-times-test--open)
    (should (string-match-p "\nDate: 2026-02-12\nTime: \nDue: \nDue time: \nRepeat: "
                            (buffer-string)))
    (taskwire-times-test--set "Time" "9:30")
    (taskwire-times-test--set "Due" "2026-02-13")
    (taskwire-times-test--set "Due time" "17:00")
    (should (equal (taskwire-form-params)
                   '(:id 1 :scheduledTime "09:30" :dueDate "2026-02-13" :dueTime "17:00")))
    (taskwire-form-save)
    (let ((task (taskwire-times-test--task 1)))
      (should (equal (mapcar (lambda (key) (plist-get task key))
                             '(:scheduledDate :scheduledTime :dueDate :dueTime))
                     '("2026-02-12" "09:30" "2026-02-13" "17:00"))))
    (taskwire-test-wait-for "today" "\\[ \\] Call mom  9:30 AM  due tomorrow 5 PM\n")
    ;; the form shows them; a deadline's time without a deadline: the server's words
    (taskwire-times-test--open)
    (should (string-match-p "\nTime: 09:30\nDue: 2026-02-13\nDue time: 17:00\n" (buffer-string)))
    (taskwire-times-test--set "Due" "")
    (taskwire-times-test--set "Due time" "18:00")
    (should (equal (cadr (should-error (taskwire-form-save) :type 'user-error))
                   "Taskwire: dueTime needs a dueDate: 18:00 on which day?"))
    (should (derived-mode-p 'taskwire-form-mode))
    (should (equal (plist-get (taskwire-times-test--task 1) :dueTime) "17:00"))
    ;; none, or nothing, clears a time; the deadline goes with its time
    (taskwire-times-test--set "Time" "none")
    (taskwire-times-test--set "Due time" "")
    (taskwire-form-save)
    (let ((task (taskwire-times-test--task 1)))
      (should (equal (mapcar (lambda (key) (plist-get task key))
                             '(:scheduledDate :scheduledTime :dueDate :dueTime))
                     '("2026-02-12" nil nil nil))))
    (taskwire-test-wait-for "today" "\\[ \\] Call mom\n")))

(provide 'taskwire-times-test)
;;; taskwire-times-test.el ends here
