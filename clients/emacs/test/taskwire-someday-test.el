;;; taskwire-someday-test.el --- ERT tests of Anytime, Someday, cancelling and making a project  -*- lexical-binding: t -*-

;;; Commentary:

;; Against the real server (see taskwire-test.el for the setting): z
;; and y move a task between the live Today, Someday and Anytime
;; buffers, x on a project empties its buffer and fills the logbook
;; with "cancelled", C-c C-p turns a task's checklist into a project's
;; tasks, and German.  The store of the first and the last: Home (area
;; 1) holds Garden (project 2); Milk (3) is today's and in nothing, Dig
;; (4) is Garden's and today's, Rake (5) is Garden's with no date.

;;; Code:

(require 'ert)
(require 'taskwire-test)

(defun taskwire-test-someday-store ()
  "Make the store of these tests (see the commentary)."
  (dolist (params '((:title "Home" :kind "area")
                    (:title "Garden" :kind "project" :parent 1)
                    (:title "Milk" :view "today")
                    (:title "Dig" :view "today" :parent 2)
                    (:title "Rake" :parent 2)))
    (taskwire-rpc-request 'task/create params)))

(ert-deftest taskwire-someday-and-anytime-follow-z-and-y ()
  (taskwire-test-with-server "en"
    (taskwire-test-someday-store)
    (taskwire-someday)
    (taskwire-anytime)
    (taskwire-today)
    (taskwire-test-wait-for "today" "\\`Today · Thu, Feb 12 · 30m\n\\[ \\] Milk\n\\[ \\] Dig  Garden\n\\'")
    (should (equal (taskwire-test-text "someday") "  (empty)\n"))
    (should (equal (taskwire-test-text "anytime") "Garden · 15m\n[ ] Rake\n"))
    ;; z: Milk leaves Today and is on Someday, under "No project"
    (taskwire-test-goto "today" "Milk")
    (taskwire-test-key "today" "z")
    (should (equal taskwire-test-message "taskwire: Put 'Milk' on Someday"))
    (taskwire-test-wait-for "today" "Milk" t)
    (taskwire-test-wait-for "someday" "\\`No project · 15m\n\\[ \\] Milk  Someday\n\\'")
    ;; y: Dig loses its date and is in Anytime, under its project's group
    (taskwire-test-goto "today" "Dig")
    (taskwire-test-key "today" "y")
    (should (equal taskwire-test-message "taskwire: Put 'Dig' on Anytime"))
    (taskwire-test-wait-for "today" "\\`Today · Thu, Feb 12\n  (empty)\n\\'")
    (taskwire-test-wait-for "anytime" "\\`Garden · 30m\n\\[ \\] Dig\n\\[ \\] Rake\n\\'")
    ;; in Anytime, z puts Rake on Someday under Garden; in Someday, y takes it back
    (taskwire-test-goto "anytime" "Rake")
    (with-current-buffer (taskwire-view-buffer "anytime")
      (should-error (taskwire-move-down) :type 'user-error))   ; no drags here
    (taskwire-test-key "anytime" "z")
    (taskwire-test-wait-for "anytime" "Rake" t)
    (taskwire-test-wait-for "someday" "\n\nGarden · 15m\n\\[ \\] Rake  Someday\n\\'")
    (taskwire-test-goto "someday" "Rake")
    (taskwire-test-key "someday" "y")
    (taskwire-test-wait-for "someday" "\\`No project · 15m\n\\[ \\] Milk  Someday\n\\'")
    (taskwire-test-wait-for "anytime" "\\`Garden · 30m\n\\[ \\] Dig\n\\[ \\] Rake\n\\'")
    ;; a task in nothing has no place in Anytime: the server says why
    (taskwire-test-goto "someday" "Milk")
    (taskwire-test-key "someday" "y")
    (should (string-match-p "a task in no project or area with no date is in the Inbox"
                            taskwire-test-message))
    ;; a in Someday adds a task on Someday, in the group at point
    (with-current-buffer (taskwire-view-buffer "someday")
      (taskwire-add "Seeds"))
    (taskwire-test-wait-for "someday" "\\`No project · 30m\n\\[ \\] Milk  Someday\n\\[ \\] Seeds  Someday\n\\'")
    ;; Z and Y show the views, named in the catalogue's words
    (taskwire-test-key "today" "Z")
    (should (eq (window-buffer) (taskwire-view-buffer "someday")))
    (should (equal (buffer-name (window-buffer)) "*taskwire Someday*"))
    (taskwire-test-key "someday" "Y")
    (should (equal (buffer-name (window-buffer)) "*taskwire Anytime*"))))

(ert-deftest taskwire-cancel-a-project-empties-it-and-fills-the-logbook ()
  (taskwire-test-with-server "en"
    (dolist (params '((:title "Home" :kind "area")
                      (:title "Garden" :kind "project" :parent 1)
                      (:title "Dig" :parent 2)
                      (:title "Rake" :parent 2)))
      (taskwire-rpc-request 'task/create params))
    (taskwire-logbook)
    (taskwire-project "Garden")
    (taskwire-projects)
    (let ((project (taskwire-view-buffer "project" 2)))
      (taskwire-test-wait-for project "\\`Garden · 30m\n\\[ \\] Dig\n\\[ \\] Rake\n\\'")
      (taskwire-test-goto "projects" "Garden")
      (taskwire-test-key "projects" "x")
      (should (equal taskwire-test-message "taskwire: Cancelled 'Garden'"))
      (taskwire-test-wait-for "projects" "Garden" t)
      ;; its tasks are gone from its buffer, and the logbook says they were given up
      (taskwire-test-wait-for project "\\`  (empty)\n\\'")
      (taskwire-test-wait-for "logbook" (concat "\\`Today · Thu, Feb 12 · 30m\n"
                                                "\\[x\\] Rake  cancelled Thu, Feb 12\n"
                                                "\\[x\\] Dig  cancelled Thu, Feb 12\n"
                                                "\\[x\\] Garden  Home  cancelled Thu, Feb 12\n\\'"))
      (should (equal (buffer-name project) "*taskwire Project: Garden*"))
      ;; one undo brings all back
      (taskwire-test-key "projects" "/")
      (should (equal taskwire-test-message "taskwire: Undid: Cancel 'Garden'"))
      (taskwire-test-wait-for project "\\`Garden · 30m\n\\[ \\] Dig\n\\[ \\] Rake\n\\'")
      (taskwire-test-wait-for "logbook" "\\`  (nothing completed yet)\n\\'"))))

(ert-deftest taskwire-make-a-project-of-a-task-and-its-checklist ()
  (taskwire-test-with-server "en"
    (taskwire-rpc-request 'task/create '(:title "Trip" :view "today"))
    (taskwire-rpc-request 'task/checklist '(:id 1 :action "add" :title "Book hotel"))
    (taskwire-rpc-request 'task/checklist '(:id 1 :action "add" :title "Pack"))
    (taskwire-projects)
    (taskwire-today)
    (taskwire-test-goto "today" "Trip")
    (should (equal (taskwire-test-line "today") "[ ] Trip  0/2"))
    (taskwire-test-key "today" "C-c C-p")
    (should (equal taskwire-test-message "taskwire: Made 'Trip' a project"))
    (taskwire-test-wait-for "today" "Trip" t)
    (taskwire-test-wait-for "projects" "\\`No area\n\\[ \\] Trip\n\\'")
    ;; the project is shown: the checklist's lines are its tasks
    (should (eq (window-buffer) (taskwire-view-buffer "project" 1)))
    (taskwire-test-wait-for (window-buffer) "\\`Trip · 30m\n\\[ \\] Book hotel\n\\[ \\] Pack\n\\'")
    (should (equal (buffer-name (window-buffer)) "*taskwire Project: Trip*"))
    ;; a project is made once: the server refuses it on a project
    (taskwire-test-goto "projects" "Trip")
    (taskwire-test-key "projects" "C-c C-p")
    (should (string-match-p "only a task is made a project" taskwire-test-message))))

(ert-deftest taskwire-someday-and-anytime-in-german ()
  (taskwire-test-with-server "de"
    (taskwire-test-someday-store)
    (taskwire-today)
    (taskwire-test-goto "today" "Milk")
    (taskwire-test-key "today" "z")
    (should (equal taskwire-test-message "taskwire: 'Milk' auf Irgendwann gelegt"))
    (taskwire-test-goto "today" "Dig")
    (taskwire-test-key "today" "y")
    (should (equal taskwire-test-message "taskwire: 'Dig' auf Jederzeit gelegt"))
    (taskwire-test-key "today" "Z")
    (should (equal (buffer-name (window-buffer)) "*taskwire Irgendwann*"))
    (taskwire-test-wait-for "someday" "\\`Ohne Projekt · 15 Min\\.\n\\[ \\] Milk  Irgendwann\n\\'")
    (taskwire-test-key "someday" "Y")
    (should (equal (buffer-name (window-buffer)) "*taskwire Jederzeit*"))
    (taskwire-test-wait-for "anytime" "\\`Garden · 30 Min\\.\n\\[ \\] Dig\n\\[ \\] Rake\n\\'")
    (taskwire-test-goto "anytime" "Rake")
    (taskwire-test-key "anytime" "x")
    (should (equal taskwire-test-message "taskwire: 'Rake' abgebrochen"))
    (taskwire-test-wait-for "anytime" "\\`Garden · 15 Min\\.\n\\[ \\] Dig\n\\'")
    (should-not taskwire-catalogue-missing)))

(provide 'taskwire-someday-test)
;;; taskwire-someday-test.el ends here
