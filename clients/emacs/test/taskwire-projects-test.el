;;; taskwire-projects-test.el --- ERT tests of projects, headings, areas and checklists  -*- lexical-binding: t -*-

;;; Commentary:

;; The projects list, a project with its headings, an area, moves into
;; a project, quick add's ">Garden", checklists and German, against the
;; real server (see taskwire-test.el for the setting).  Each test makes
;; the same store: Home (area 1) holds Garden (project 2) with its
;; heading Spring (3); Loose (4) is in no area; Garden holds Rake (5)
;; and Sweep (6, 30m), Spring holds Dig (7).

;;; Code:

(require 'ert)
(require 'cl-lib)
(require 'json)
(require 'taskwire-test)

(defun taskwire-test-garden ()
  "Make the store of these tests (see the commentary)."
  (dolist (params '((:title "Home" :kind "area")
                    (:title "Garden" :kind "project" :parent 1)
                    (:title "Spring" :kind "heading" :parent 2)
                    (:title "Loose" :kind "project")
                    (:text "Rake" :parent 2)
                    (:text "Sweep 30m" :parent 2)
                    (:text "Dig" :parent 3)))
    (taskwire-rpc-request 'task/create params)))

(defun taskwire-test-project ()
  "The buffer of the project Garden (2)."
  (taskwire-view-buffer "project" 2))

(defun taskwire-test-line-here ()
  "The line at point, without properties."
  (buffer-substring-no-properties (line-beginning-position) (line-end-position)))

(defmacro taskwire-test-answering (answers &rest body)
  "Run BODY, the minibuffer answering ANSWERS in order; return what it offered.
The value is a list of (PROMPT CHOICES…) per question, in order."
  (declare (indent 1) (debug t))
  `(let ((answers ,answers) (asked nil))
     (cl-letf (((symbol-function 'completing-read)
                (lambda (prompt collection &rest _)
                  (push (cons prompt (all-completions "" collection)) asked)
                  (pop answers)))
               ((symbol-function 'read-string)
                (lambda (prompt &rest _) (push (list prompt) asked) (pop answers))))
       ,@body)
     (nreverse asked)))

(ert-deftest taskwire-projects-list-opens-projects-and-areas ()
  (taskwire-test-with-server "en"
    (taskwire-test-garden)
    (taskwire-projects)
    (should (equal (buffer-name) "*taskwire Projects*"))
    ;; the areas with their projects, "No area" first (no totals: they count tasks only)
    (should (string-match-p "\\`No area\n\\[ \\] Loose\n\nHome\n\\[ \\] Garden\n\\'"
                            (taskwire-test-text "projects")))
    ;; RET on a project opens it
    (taskwire-test-goto "projects" "Garden")
    (taskwire-test-key "projects" "RET")
    (should (equal (buffer-name (window-buffer)) "*taskwire Project: Garden*"))
    (should (eq (window-buffer) (taskwire-test-project)))
    ;; RET on an area's header opens the area: its projects, then its tasks
    (with-current-buffer (taskwire-view-buffer "projects")
      (goto-char (point-min))
      (re-search-forward "^Home")
      (beginning-of-line))
    (taskwire-test-key "projects" "RET")
    (should (equal (buffer-name (window-buffer)) "*taskwire Area: Home*"))
    (should (eq (window-buffer) (taskwire-view-buffer "area" 1)))
    ;; (an area's projects are under "Projects", its own tasks under its title)
    (should (string-match-p "\\`Projects\n\\[ \\] Garden\n\nHome\n  (empty)\n\\'"
                            (taskwire-test-text (window-buffer))))
    ;; a in a group of projects adds a project there
    (with-current-buffer (taskwire-view-buffer "projects")
      (goto-char (point-min))
      (taskwire-test-answering '("Shed") (taskwire-test-key "projects" "a")))
    (taskwire-test-wait-for "projects" "\\[ \\] Loose\n\\[ \\] Shed\n")
    ;; M-down past an area's last project: into the next area
    (taskwire-test-goto "projects" "Shed")
    (taskwire-test-key "projects" "M-<down>")
    (taskwire-test-wait-for "projects" "Home.*\n\\[ \\] Shed\n\\[ \\] Garden\n")
    (should (equal (taskwire-test-line "projects") "[ ] Shed"))
    ;; k on a project asks what becomes of its tasks; kept, they move up to the area
    (taskwire-test-goto "projects" "Garden")
    (should (equal (taskwire-test-answering '("Keep them") (taskwire-test-key "projects" "k"))
                   '(("Delete 'Garden': the items in it with it, or keep them (they move up)? "
                      "Delete them too" "Keep them" "No"))))
    (taskwire-test-wait-for "projects" "Garden" t)
    (let ((area (taskwire-view-buffer "area" 1)))
      (taskwire-test-wait-for area "\\[ \\] Dig")
      (should (equal (sort (taskwire-test-titles area) #'string<) '("Dig" "Rake" "Shed" "Sweep"))))))

(ert-deftest taskwire-project-shows-headings-and-tasks-live ()
  (taskwire-test-with-server "en"
    (taskwire-test-garden)
    (should (equal (taskwire-test-answering '("Garden") (call-interactively #'taskwire-project))
                   '(("Project: " "Loose" "Garden"))))
    (should (equal (buffer-name (window-buffer)) "*taskwire Project: Garden*"))
    ;; the project's own tasks, then each heading with its tasks
    (should (equal (taskwire-test-text (taskwire-test-project))
                   "Garden · 45m\n[ ] Rake\n[ ] Sweep  30m\n\nSpring · 15m\n[ ] Dig\n"))
    ;; another process adds a task under the heading and renames the project
    (taskwire-test-other-process
     "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"task/create\",\"params\":{\"text\":\"Plant >Garden/Spring\"}}"
     "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"task/update\",\"params\":{\"id\":2,\"title\":\"Yard\"}}")
    (taskwire-test-wait-for (taskwire-test-project) "Plant")
    (taskwire-test-wait-for (taskwire-test-project) "\\`Yard")
    (should (equal (buffer-name (taskwire-test-project)) "*taskwire Project: Yard*"))
    (should (equal (taskwire-test-text (taskwire-test-project))
                   "Yard · 45m\n[ ] Rake\n[ ] Sweep  30m\n\nSpring · 30m\n[ ] Dig\n[ ] Plant\n"))
    ;; a adds under the heading at point; a date puts the task in Upcoming too
    (with-current-buffer (taskwire-test-project)
      (goto-char (point-max))
      (taskwire-add "Water #garden")
      (should (equal (taskwire-test-line-here) "[ ] Water  #garden"))
      (goto-char (point-min))
      (taskwire-add "Mow tomorrow")
      (should (equal taskwire-test-message "taskwire: Added 'Mow' to Upcoming: Fri, Feb 13"))
      (should (equal (taskwire-test-line-here) "[ ] Mow")))
    (should (equal (taskwire-test-text (taskwire-test-project))
                   (concat "Yard · 1h\n[ ] Rake\n[ ] Sweep  30m\n[ ] Mow\n\n"
                           "Spring · 45m\n[ ] Dig\n[ ] Plant\n[ ] Water  #garden\n")))
    ;; H adds a heading
    (taskwire-test-answering '("Autumn") (taskwire-test-key (taskwire-test-project) "H"))
    (taskwire-test-wait-for (taskwire-test-project) "\n\nAutumn\n  (empty)\n\\'")))

(ert-deftest taskwire-move-a-task-into-a-project ()
  (taskwire-test-with-server "en"
    (taskwire-test-garden)
    (taskwire-test-create "Buy seeds" "inbox")
    (taskwire-inbox)
    (taskwire-project "Garden")
    (taskwire-test-goto "inbox" "Buy seeds")
    ;; m offers each project and heading as quick add names them
    (should (equal (taskwire-test-answering '("Garden/Spring") (taskwire-test-key "inbox" "m"))
                   '(("Move 'Buy seeds' to (project or project/heading): "
                      "Loose" "Garden" "Garden/Spring"))))
    (should (string-match-p "\\`taskwire: .*'Buy seeds'.*Garden" taskwire-test-message))
    (taskwire-test-wait-for "inbox" "Buy seeds" t)
    (taskwire-test-wait-for (taskwire-test-project) "Buy seeds")
    (should (equal (taskwire-test-text (taskwire-test-project))
                   "Garden · 45m\n[ ] Rake\n[ ] Sweep  30m\n\nSpring · 30m\n[ ] Dig\n[ ] Buy seeds\n"))
    ;; M-up at a heading's top: to the end of the project's own tasks
    (let ((buffer (taskwire-test-project)))
      (with-current-buffer buffer
        (goto-char (point-min))
        (re-search-forward "^\\[ \\] Dig")
        (taskwire-move-up)
        (should (equal (taskwire-test-line-here) "[ ] Dig")))
      (should (equal (taskwire-test-text buffer)
                     "Garden · 1h\n[ ] Rake\n[ ] Sweep  30m\n[ ] Dig\n\nSpring · 15m\n[ ] Buy seeds\n"))
      ;; and M-down back under the heading
      (with-current-buffer buffer
        (taskwire-move-down)
        (should (equal (taskwire-test-line-here) "[ ] Dig")))
      (should (equal (taskwire-test-text buffer)
                     "Garden · 45m\n[ ] Rake\n[ ] Sweep  30m\n\nSpring · 30m\n[ ] Dig\n[ ] Buy seeds\n"))
      ;; a drag from the Inbox onto a heading's header: the top of that heading
      (taskwire-test-create "Weed" "inbox")
      (taskwire-test-wait-for "inbox" "Weed")
      (taskwire-test-drag "inbox" "Weed" buffer "^Spring")
      (taskwire-test-wait-for "inbox" "Weed" t)
      (should (equal (taskwire-test-text buffer)
                     (concat "Garden · 45m\n[ ] Rake\n[ ] Sweep  30m\n\n"
                             "Spring · 45m\n[ ] Weed\n[ ] Dig\n[ ] Buy seeds\n"))))
    ;; o on a task opens the project it is in
    (taskwire-today)
    (taskwire-test-create "Plant >Garden")
    (taskwire-test-wait-for "today" "\\[ \\] Plant  Garden")
    (taskwire-test-goto "today" "Plant")
    (taskwire-test-key "today" "o")
    (should (eq (window-buffer) (taskwire-test-project)))))

(ert-deftest taskwire-quick-add-names-a-project ()
  (taskwire-test-with-server "en"
    (taskwire-test-garden)
    (taskwire-inbox)
    (taskwire-project "Garden")
    (with-current-buffer (taskwire-view-buffer "inbox")
      (taskwire-add "Buy seeds >Garden #shop"))
    (should (equal taskwire-test-message "taskwire: Added 'Buy seeds' to Garden"))
    (should (equal (taskwire-test-text "inbox") "Inbox\n  (empty)\n"))
    (taskwire-test-wait-for (taskwire-test-project)
                            "\\`Garden · 1h\n\\[ \\] Rake\n\\[ \\] Sweep  30m\n\\[ \\] Buy seeds  #shop\n")
    ;; in a project, a ">Project" typed wins over the heading at point
    (with-current-buffer (taskwire-test-project)
      (taskwire-add "Oil the hinges >Loose"))
    (should (equal taskwire-test-message "taskwire: Added 'Oil the hinges' to Loose"))
    ;; TAB after ">" completes the projects and their headings
    (with-temp-buffer
      (insert "Buy seeds >Gar")
      (let* ((found (taskwire-quickadd-complete-project))
             (start (nth 0 found)))
        (should (equal (buffer-substring start (nth 1 found)) "Gar"))
        (should (equal (all-completions "Gar" (nth 2 found)) '("Garden" "Garden/Spring")))))
    ;; the span's field, in the catalogue's words
    (should (equal (taskwire-quickadd-field "project") "Project"))))

(ert-deftest taskwire-checklist-lines ()
  (taskwire-test-with-server "en"
    (taskwire-test-garden)
    (taskwire-project "Garden")
    (taskwire-today)
    (taskwire-test-create "Pack >Garden")
    (let ((project (taskwire-test-project)))
      (with-current-buffer project
        (goto-char (point-min))
        (re-search-forward "^\\[ \\] Dig")
        (taskwire-checklist-add (taskwire-view-task-at-point) "spade")
        (should (equal taskwire-test-message
                       "taskwire: Added 'spade' to the checklist of 'Dig'"))
        (taskwire-rpc-wait (lambda () (equal (taskwire-test-line-here) "[ ] Dig  0/1")) 3)
        (should (equal (taskwire-test-line-here) "[ ] Dig  0/1"))
        ;; C adds a line by its key
        (taskwire-test-answering '("rake") (call-interactively (key-binding (kbd "C"))))
        (taskwire-rpc-wait (lambda () (equal (taskwire-test-line-here) "[ ] Dig  0/2")) 3)
        (should (equal (taskwire-test-line-here) "[ ] Dig  0/2"))
        ;; c offers the lines with their boxes; one chosen is checked
        (should (equal (taskwire-test-answering '("[ ] spade")
                         (call-interactively (key-binding (kbd "c"))))
                       '(("Checklist of 'Dig' (a line checks or unchecks it, new text adds one): "
                          "[ ] spade" "[ ] rake"))))
        (should (equal taskwire-test-message "taskwire: Checked 'spade'"))
        (taskwire-rpc-wait (lambda () (equal (taskwire-test-line-here) "[ ] Dig  1/2")) 3)
        (should (equal (taskwire-test-line-here) "[ ] Dig  1/2"))
        ;; a title typed alone is its line; a done line is unchecked
        (taskwire-test-answering '("spade") (taskwire-checklist))
        (should (equal taskwire-test-message "taskwire: Unchecked 'spade'"))
        (taskwire-rpc-wait (lambda () (equal (taskwire-test-line-here) "[ ] Dig  0/2")) 3)
        ;; a new text adds a line
        (taskwire-test-answering '("gloves") (taskwire-checklist))
        (taskwire-rpc-wait (lambda () (equal (taskwire-test-line-here) "[ ] Dig  0/3")) 3)
        (should (equal (taskwire-test-line-here) "[ ] Dig  0/3"))
        ;; undo takes the line back
        (taskwire-undo)
        (taskwire-rpc-wait (lambda () (equal (taskwire-test-line-here) "[ ] Dig  0/2")) 3)
        (should (equal (taskwire-test-line-here) "[ ] Dig  0/2"))))
    ;; in Today too, beside the project
    (taskwire-test-goto "today" "Pack")
    (taskwire-test-answering '("tent") (taskwire-test-key "today" "c"))
    (taskwire-test-wait-for "today" "\\[ \\] Pack  Garden  0/1\n")))

(ert-deftest taskwire-projects-in-german ()
  (taskwire-test-with-server "de"
    (taskwire-test-garden)
    (taskwire-rpc-request 'task/create '(:title "Arbeit" :kind "area"))
    (taskwire-projects)
    (should (equal (buffer-name) "*taskwire Projekte*"))
    (should (string-match-p (concat "\\`Ohne Bereich\n\\[ \\] Loose\n\n"
                                    "Home\n\\[ \\] Garden\n\n"
                                    "Arbeit\n  (keine Projekte)\n\\'")
                            (taskwire-test-text "projects")))
    (taskwire-test-goto "projects" "Garden")
    (taskwire-test-key "projects" "RET")
    (should (equal (buffer-name (window-buffer)) "*taskwire Projekt: Garden*"))
    (set-buffer (window-buffer))
    (goto-char (point-min))
    (re-search-forward "^\\[ \\] Dig")
    (should (equal (taskwire-test-answering '("Spaten") (call-interactively #'taskwire-checklist))
                   '(("Checkliste von 'Dig' (eine Zeile abhaken oder den Haken entfernen, neuer Text fügt eine hinzu): "))))
    (should (equal taskwire-test-message "taskwire: 'Spaten' zur Checkliste von 'Dig' hinzugefügt"))
    (should (equal (taskwire-test-answering '("Spaten") (call-interactively #'taskwire-checklist))
                   '(("Checkliste von 'Dig' (eine Zeile abhaken oder den Haken entfernen, neuer Text fügt eine hinzu): "
                      "[ ] Spaten"))))
    (should (equal taskwire-test-message "taskwire: 'Spaten' abgehakt"))
    (taskwire-rpc-wait (lambda () (equal (taskwire-test-line-here) "[ ] Dig  1/1")) 3)
    (should (equal (taskwire-test-line-here) "[ ] Dig  1/1"))
    (should-not taskwire-catalogue-missing)))

(provide 'taskwire-projects-test)
;;; taskwire-projects-test.el ends here
