;;; taskwire.el --- Live task lists from the taskwire server  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1") (jsonrpc "1.0.14") (transient "0.3.7"))
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; The Emacs client of taskwire, a task manager whose whole backend is
;; one process spoken to in JSON-RPC.  `M-x taskwire-today' (and
;; `taskwire-inbox', `taskwire-upcoming', `taskwire-matrix',
;; `taskwire-all', `taskwire-logbook', or `M-x taskwire' to choose)
;; shows a view in a buffer that the server keeps live: a change made
;; here, in Vim, in the shell client or in another Emacs on the same
;; store appears at once, the cursor staying on its task.
;;
;; In a view: n/p move between tasks, a or + adds (quick add: "Call
;; mom #family !! 30m fri", the tokens highlighted as you type), d
;; completes, k deletes, M-up/M-down move, C-c C-s schedules with the
;; server's menu, / undoes, g lists again, q closes, ? shows every
;; command in a transient menu.  See README.md.
;;
;; Projects, headings and areas: `M-x taskwire-projects' (P in a view)
;; lists the areas with their projects, RET opens one; `M-x
;; taskwire-project' and `M-x taskwire-area' show one by name.  There a
;; adds under the heading at point, m moves the task at point into a
;; project or heading, c checks or unchecks a line of its checklist and
;; C adds one; quick add reads ">Garden" anywhere.
;;
;; Anytime and Someday: `M-x taskwire-anytime' (Y in a view) shows the
;; tasks with no day in projects and areas, `M-x taskwire-someday' (Z)
;; what was put on Someday.  z puts the task at point on Someday, y
;; moves it to Anytime, x cancels it (a project with its open tasks),
;; C-c C-p makes it a project of its checklist's lines.
;;
;; Reminders: a reminder that falls due while the server runs is shown
;; in the echo area (and, in the Emacs whose server fired it, as a
;; desktop notification); `M-x taskwire-reminders' (R in a view)
;; completes, snoozes or dismisses it.  `taskwire-show-reminders'
;; turns them off.

;;; Code:

(require 'subr-x)
(require 'transient)
(require 'taskwire-catalogue)
(require 'taskwire-rpc)
(require 'taskwire-display)
(require 'taskwire-diff)
(require 'taskwire-filter)
(require 'taskwire-view)
(require 'taskwire-subscription)
(require 'taskwire-quickadd)
(require 'taskwire-form)
(require 'taskwire-actions)
(require 'taskwire-add)
(require 'taskwire-schedule)
(require 'taskwire-moves)
(require 'taskwire-projects)
(require 'taskwire-checklist)
(require 'taskwire-someday)
(require 'taskwire-org)
(require 'taskwire-reminders)

(defun taskwire--read-view ()
  "Ask which view to show, by the views' names; return its id (\"today\")."
  (taskwire-rpc-start)
  (let* ((names (mapcar (lambda (view) (cons (taskwire-catalogue-view-name view) view))
                        taskwire-view-names))
         (answer (completing-read (taskwire-text "emacs.prompt.view") names nil t nil nil
                                  (taskwire-catalogue-view-name "today"))))
    (or (cdr (assoc answer names)) answer)))

;;;###autoload
(defun taskwire (view)
  "Show taskwire's VIEW live.
VIEW is inbox, today, upcoming, matrix, all, logbook, anytime, someday
or projects; see
`taskwire-project' and `taskwire-area' for one project or area."
  (interactive (list (condition-case err
                         (taskwire--read-view)
                       (taskwire-error (user-error "Taskwire: %s" (cadr err))))))
  (condition-case err
      (pop-to-buffer-same-window (taskwire-view-open view))
    (taskwire-error (user-error "Taskwire: %s" (cadr err)))))

;;;###autoload
(defun taskwire-inbox ()
  "Show the Inbox: the tasks without a day."
  (interactive)
  (taskwire "inbox"))

;;;###autoload
(defun taskwire-today ()
  "Show Today: the tasks scheduled today or earlier."
  (interactive)
  (taskwire "today"))

;;;###autoload
(defun taskwire-upcoming ()
  "Show Upcoming: the tasks scheduled after today, by day."
  (interactive)
  (taskwire "upcoming"))

;;;###autoload
(defun taskwire-matrix ()
  "Show the Eisenhower matrix of the open tasks."
  (interactive)
  (taskwire "matrix"))

;;;###autoload
(defun taskwire-all ()
  "Show every open task."
  (interactive)
  (taskwire "all"))

;;;###autoload
(defun taskwire-logbook ()
  "Show the logbook: the tasks completed last, newest first."
  (interactive)
  (taskwire "logbook"))

(defcustom taskwire-capture-view "inbox"
  "Where `taskwire-capture' files a task whose line names no date."
  :type '(choice (const "inbox") (const "today"))
  :group 'taskwire)

;;;###autoload
(defun taskwire-capture (text)
  "Add a task from anywhere by quick add TEXT (\"Call mom #family fri\").
A date in TEXT decides the list; without one it goes to
`taskwire-capture-view'."
  (interactive (list (progn (taskwire-rpc-start)
                            (taskwire-quickadd-read (taskwire-text "emacs.prompt.capture")
                                                    taskwire-capture-view))))
  (unless (string-blank-p text)
    (condition-case err
        (taskwire-rpc-message "%s" (plist-get (taskwire-rpc-request
                                               'task/create (list :text (string-trim text)
                                                                  :view taskwire-capture-view))
                                              :message))
      (taskwire-error (user-error "Taskwire: %s" (cadr err))))))

(defun taskwire-set-language (language)
  "Make LANGUAGE (\"en\" or \"de\") the language of this session.
Group titles, dates, flags, messages and the date menu follow."
  (interactive (list (completing-read (taskwire-text "emacs.prompt.language") '("en" "de") nil t)))
  (setq taskwire-language language)
  (condition-case err
      (taskwire-rpc-set-locale language)  ; the new catalogue redraws the views
    (taskwire-error (user-error "Taskwire: %s" (cadr err))))
  (taskwire-rpc-wait #'ignore 0.1))        ; the new parts, pushed after the reply

(defun taskwire-stop ()
  "End the taskwire server.
The view buffers subscribe again on \\<taskwire-view-mode-map>\\[taskwire-refresh]."
  (interactive)
  (taskwire-rpc-stop))

;;;###autoload (autoload 'taskwire-dispatch "taskwire" nil t)
(transient-define-prefix taskwire-dispatch ()
  "Every taskwire command of a view buffer."
  [[:description (lambda () (taskwire-text "emacs.menu.task"))
    ("a" taskwire-add :description (lambda () (taskwire-text "emacs.menu.quickAdd")))
    ("RET" taskwire-edit-title :description (lambda () (taskwire-text "action.rename")))
    ("e" taskwire-edit :description (lambda () (taskwire-text "emacs.menu.editAll")))
    ("d" taskwire-done :description (lambda () (taskwire-text "emacs.menu.doneReopen")))
    ("k" taskwire-delete :description (lambda () (taskwire-text "action.delete")))
    ("s" taskwire-schedule :description (lambda () (taskwire-text "action.schedule")))
    ("i" taskwire-to-inbox :description (lambda () (taskwire-text "emacs.menu.toInbox")))
    ("z" taskwire-put-on-someday :description (lambda () (taskwire-text "action.someday")))
    ("y" taskwire-move-to-anytime :description (lambda () (taskwire-text "action.anytime")))
    ("x" taskwire-cancel :description (lambda () (taskwire-text "action.cancelTask")))]
   [:description (lambda () (taskwire-text "emacs.menu.projects"))
    ("o" taskwire-open :description (lambda () (taskwire-text "emacs.menu.open")))
    ("m" taskwire-move-to-project
     :description (lambda () (taskwire-text "emacs.menu.moveToProject")))
    ("H" taskwire-add-heading :description (lambda () (taskwire-text "emacs.menu.newHeading")))
    ("c" taskwire-checklist :description (lambda () (taskwire-text "emacs.menu.checklist")))
    ("C" taskwire-checklist-add
     :description (lambda () (taskwire-text "emacs.menu.checklistAdd")))
    ("p" taskwire-make-project :description (lambda () (taskwire-text "action.makeProject")))]
   [:description (lambda () (taskwire-text "emacs.menu.order"))
    ("<M-up>" taskwire-move-up :transient t
     :description (lambda () (taskwire-text "emacs.menu.moveUp")))
    ("<M-down>" taskwire-move-down :transient t
     :description (lambda () (taskwire-text "emacs.menu.moveDown")))]
   [:description (lambda () (taskwire-text "emacs.menu.history"))
    ("/" taskwire-undo :description (lambda () (taskwire-text "action.undo")))
    ("r" taskwire-redo :description (lambda () (taskwire-text "action.redo")))]
   [:description (lambda () (taskwire-text "emacs.menu.views"))
    ("I" taskwire-inbox :description (lambda () (taskwire-text "view.inbox")))
    ("T" taskwire-today :description (lambda () (taskwire-text "view.today")))
    ("U" taskwire-upcoming :description (lambda () (taskwire-text "view.upcoming")))
    ("M" taskwire-matrix :description (lambda () (taskwire-text "view.matrix")))
    ("A" taskwire-all :description (lambda () (taskwire-text "view.all")))
    ("L" taskwire-logbook :description (lambda () (taskwire-text "view.logbook")))
    ("Y" taskwire-anytime :description (lambda () (taskwire-text "view.anytime")))
    ("Z" taskwire-someday :description (lambda () (taskwire-text "view.someday")))
    ("P" taskwire-projects :description (lambda () (taskwire-text "emacs.view.projects")))]
   [:description (lambda () (taskwire-text "emacs.menu.buffer"))
    ("f" taskwire-filter :description (lambda () (taskwire-text "action.filter")))
    ("g" taskwire-refresh :description (lambda () (taskwire-text "action.refresh")))
    ("q" taskwire-quit :description (lambda () (taskwire-text "action.close")))
    ("O" taskwire-org-agenda :description (lambda () (taskwire-text "emacs.menu.orgAgenda")))]])

(let ((map taskwire-view-mode-map))
  (define-key map (kbd "n") #'taskwire-next-task)
  (define-key map (kbd "p") #'taskwire-previous-task)
  (define-key map (kbd "M-n") #'taskwire-next-group)
  (define-key map (kbd "M-p") #'taskwire-previous-group)
  (define-key map (kbd "TAB") #'taskwire-next-group)
  (define-key map (kbd "<backtab>") #'taskwire-previous-group)
  (define-key map (kbd "RET") #'taskwire-open-or-edit)
  (define-key map (kbd "o") #'taskwire-open)
  (define-key map (kbd "m") #'taskwire-move-to-project)
  (define-key map (kbd "H") #'taskwire-add-heading)
  (define-key map (kbd "c") #'taskwire-checklist)
  (define-key map (kbd "C") #'taskwire-checklist-add)
  (define-key map (kbd "P") #'taskwire-projects)
  (define-key map (kbd "e") #'taskwire-edit)
  (define-key map (kbd "E") #'taskwire-edit)
  (define-key map (kbd "g") #'taskwire-refresh)
  (define-key map (kbd "f") #'taskwire-filter)
  (define-key map (kbd "q") #'taskwire-quit)
  (define-key map (kbd "?") #'taskwire-dispatch)
  (define-key map (kbd "h") #'taskwire-dispatch)
  (define-key map (kbd "M-<up>") #'taskwire-move-up)
  (define-key map (kbd "M-<down>") #'taskwire-move-down)
  (define-key map (kbd "C-c C-s") #'taskwire-schedule)
  (define-key map (kbd "s") #'taskwire-schedule)
  (define-key map (kbd "i") #'taskwire-to-inbox)
  (define-key map (kbd "d") #'taskwire-done)
  (define-key map (kbd "k") #'taskwire-delete)
  (define-key map (kbd "/") #'taskwire-undo)
  (define-key map (kbd "r") #'taskwire-redo)
  (define-key map [remap undo] #'taskwire-undo)
  (define-key map [remap undo-redo] #'taskwire-redo)
  (define-key map (kbd "a") #'taskwire-add)
  (define-key map (kbd "+") #'taskwire-add)
  (define-key map (kbd "I") #'taskwire-inbox)
  (define-key map (kbd "T") #'taskwire-today)
  (define-key map (kbd "U") #'taskwire-upcoming)
  (define-key map (kbd "M") #'taskwire-matrix)
  (define-key map (kbd "A") #'taskwire-all)
  (define-key map (kbd "L") #'taskwire-logbook)
  (define-key map (kbd "O") #'taskwire-org-agenda)
  (define-key map (kbd "Y") #'taskwire-anytime)
  (define-key map (kbd "Z") #'taskwire-someday)
  (define-key map (kbd "z") #'taskwire-put-on-someday)
  (define-key map (kbd "y") #'taskwire-move-to-anytime)
  (define-key map (kbd "x") #'taskwire-cancel)
  (define-key map (kbd "C-c C-p") #'taskwire-make-project)
  (define-key map (kbd "R") #'taskwire-reminders)
  (define-key map [drag-mouse-1] #'taskwire-mouse-drag))

(provide 'taskwire)
;;; taskwire.el ends here
