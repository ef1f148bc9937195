;;; taskwire-evening-test.el --- ERT tests of Today's This Evening  -*- lexical-binding: t -*-

;;; Commentary:

;; Today's This Evening, against the real server (see taskwire-test.el
;; for the setting): a second group of Today while it holds tasks,
;; filled by quick add ("tonight"), by M-down past Today's own list, by
;; a drag and by another process; M-up and a drag take a task out, and
;; the group goes with its last task.

;;; Code:

(require 'ert)
(require 'cl-lib)
(require 'taskwire-test)
(require 'taskwire-actions-test)          ; taskwire-test-drag

(defun taskwire-evening-test--task (id)
  "Task ID as the server has it."
  (plist-get (taskwire-rpc-request 'task/get (list :id id)) :task))

(defun taskwire-evening-test--same-groups ()
  "Check that Today's diffed snapshot shows the groups and tasks `view/list' has."
  (let ((shape (lambda (groups)
                 (mapcar (lambda (g) (cons (plist-get g :key)
                                           (mapcar (lambda (task) (plist-get task :id))
                                                   (plist-get g :tasks))))
                         groups))))
    (should (equal (funcall shape (plist-get (taskwire-rpc-request 'view/list '(:view "today"))
                                             :groups))
                   (funcall shape (with-current-buffer (taskwire-view-buffer "today")
                                    (plist-get taskwire-view-snapshot :groups)))))))

(ert-deftest taskwire-evening-quick-add ()
  (taskwire-test-with-server "en"
    (taskwire-today)
    (with-current-buffer (taskwire-view-buffer "today")
      (taskwire-add "Buy milk")
      (taskwire-add "Cook dinner tonight"))
    (taskwire-test-wait-for "today" "Cook dinner")
    (should (equal (taskwire-test-text "today")
                   (concat "Today · Thu, Feb 12 · 15m\n[ ] Buy milk\n\n"
                           "This Evening · Thu, Feb 12 · 15m\n[ ] Cook dinner\n")))
    (should (eq (plist-get (taskwire-evening-test--task 2) :evening) t))
    (taskwire-evening-test--same-groups)))

(ert-deftest taskwire-evening-moves-in-and-out ()
  (taskwire-test-with-server "en"
    (dolist (title '("A" "B")) (taskwire-test-create title))
    (taskwire-today)
    (taskwire-test-goto "today" "B")
    ;; past Today's own list: into This Evening, shown once it holds B
    (taskwire-test-key "today" "M-<down>")
    (should (equal taskwire-test-message "taskwire: Moved 'B' to This Evening"))
    (taskwire-test-wait-for "today" "This Evening · Thu, Feb 12 · 15m\n\\[ \\] B\n")
    (should (equal (taskwire-test-line "today") "[ ] B"))
    (should (eq (plist-get (taskwire-evening-test--task 2) :evening) t))
    ;; another process drags A into the evening, above B
    (taskwire-test-other-process
     "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"task/move\",\"params\":{\"id\":1,\"view\":\"today\",\"evening\":true,\"index\":0}}")
    (taskwire-test-wait-for "today" "This Evening · Thu, Feb 12 · 30m\n\\[ \\] A\n\\[ \\] B\n")
    (should (equal (taskwire-test-line "today") "[ ] B"))
    (taskwire-evening-test--same-groups)
    ;; M-up from the evening's top: the end of Today's own list, out of the evening
    (taskwire-test-goto "today" "A")
    (taskwire-test-key "today" "M-<up>")
    (taskwire-test-wait-for "today" "\\`Today · Thu, Feb 12 · 15m\n\\[ \\] A\n\nThis Evening")
    (should-not (plist-get (taskwire-evening-test--task 1) :evening))
    ;; a drag of B onto A: Today's own list; the evening goes with its last task
    (taskwire-test-drag "today" "B" "today" "^\\[ \\] A")
    (taskwire-test-wait-for "today" "This Evening" t)
    (should (equal (taskwire-test-titles "today") '("B" "A")))
    (should-not (plist-get (taskwire-evening-test--task 2) :evening))
    (taskwire-evening-test--same-groups)
    ;; a drag onto a task of the evening sends "evening": true
    (taskwire-test-create "C tonight")
    (taskwire-test-wait-for "today" "This Evening · Thu, Feb 12 · 15m\n\\[ \\] C\n")
    (taskwire-test-drag "today" "A" "today" "^\\[ \\] C")
    (taskwire-test-wait-for "today" "This Evening · Thu, Feb 12 · 30m\n\\[ \\] A\n\\[ \\] C\n")
    (should (eq (plist-get (taskwire-evening-test--task 1) :evening) t))))

(ert-deftest taskwire-evening-german ()
  (taskwire-test-with-server "de"
    (taskwire-test-create "Brot holen")
    (taskwire-test-create "Essen kochen heute Abend")
    (taskwire-today)
    (taskwire-test-wait-for "today" "Essen kochen")
    (should (equal (taskwire-test-text "today")
                   (concat "Heute · Do, 12. Feb. · 15 Min.\n[ ] Brot holen\n\n"
                           "Heute Abend · Do, 12. Feb. · 15 Min.\n[ ] Essen kochen\n")))
    (taskwire-test-goto "today" "Brot holen")
    (taskwire-test-key "today" "M-<down>")
    (taskwire-test-wait-for "today" "Heute Abend · Do, 12. Feb. · 30 Min.\n\\[ \\] Brot holen\n")
    (should-not (string-match-p "Evening" taskwire-test-message))))

(provide 'taskwire-evening-test)
;;; taskwire-evening-test.el ends here
