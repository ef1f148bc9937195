;;; taskwire-display.el --- How a task and a day read  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The taskwire authors

;; Author: The taskwire authors
;; URL: https://github.com/taskwire/taskwire
;; Keywords: calendar, convenience

;; This file is not part of GNU Emacs.

;;; Commentary:

;; The clients' display convention (clients/README.md), as the Vim
;; plugin's autoload/taskwire/display.vim has it.  A task line:
;;
;;   [ ] Call mom  !!  *  #family #phone  @errand  30m  ↻ weekly  due Fri, Nov 27
;;
;; the markers being the words quick add reads, the flags "overdue"
;; and "after due" at the end.  A group header:
;; "Tomorrow · Wed, Nov 25 · 30m", "Fri, Nov 27 · 2h", "Inbox · 45m".
;; German ("de") as the shell client prints it.  A later version of
;; the server sends these parts itself; this file then goes.

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'subr-x)

(defface taskwire-group '((t :inherit bold))
  "Face of a group header (a day, a list, a quadrant)."
  :group 'taskwire)
(defface taskwire-box '((t :inherit shadow))
  "Face of a task's checkbox."
  :group 'taskwire)
(defface taskwire-priority '((t :inherit warning))
  "Face of the priority marker (!! and !!!)."
  :group 'taskwire)
(defface taskwire-urgent '((t :inherit warning))
  "Face of the urgent marker (*)."
  :group 'taskwire)
(defface taskwire-tag '((t :inherit font-lock-variable-name-face))
  "Face of a #tag."
  :group 'taskwire)
(defface taskwire-type '((t :inherit font-lock-type-face))
  "Face of a @type."
  :group 'taskwire)
(defface taskwire-duration '((t :inherit font-lock-constant-face))
  "Face of a duration."
  :group 'taskwire)
(defface taskwire-repeat '((t :inherit font-lock-type-face))
  "Face of a repeat."
  :group 'taskwire)
(defface taskwire-due '((t :inherit font-lock-string-face))
  "Face of a due date."
  :group 'taskwire)
(defface taskwire-due-today '((((class color)) :foreground "#ff8700" :weight bold)
                              (t :weight bold))
  "Face of \"due today\"."
  :group 'taskwire)
(defface taskwire-overdue '((((class color)) :foreground "red" :weight bold)
                            (t :weight bold))
  "Face of the \"overdue\" flag."
  :group 'taskwire)
(defface taskwire-after-due '((((class color)) :foreground "red")
                              (t :underline t))
  "Face of the \"after due\" flag."
  :group 'taskwire)
(defface taskwire-done '((t :inherit shadow))
  "Face of a completed task and its completion day."
  :group 'taskwire)
(defface taskwire-empty '((t :inherit shadow))
  "Face of the \"(no tasks)\" line."
  :group 'taskwire)

(defconst taskwire-display--types
  '(("deepWork" . "@deep") ("shallowWork" . "@shallow") ("errand" . "@errand")
    ("meeting" . "@meeting") ("learning" . "@learning"))
  "A task's type and its marker (maintenance, the default, has none).")

(defconst taskwire-display--weekdays
  '(("en" . ["Mon" "Tue" "Wed" "Thu" "Fri" "Sat" "Sun"])
    ("de" . ["Mo" "Di" "Mi" "Do" "Fr" "Sa" "So"]))
  "Weekdays, Monday first.")

(defconst taskwire-display--months
  '(("en" . ["Jan" "Feb" "Mar" "Apr" "May" "Jun" "Jul" "Aug" "Sep" "Oct" "Nov" "Dec"])
    ("de" . ["Jan." "Feb." "März" "Apr." "Mai" "Juni" "Juli" "Aug." "Sept." "Okt."
             "Nov." "Dez."]))
  "Month names.")

(defconst taskwire-display--words
  '(("en" (due . "due") (today . "today") (tomorrow . "tomorrow") (overdue . "overdue")
     (after-due . "after due") (done . "done"))
    ("de" (due . "fällig") (today . "heute") (tomorrow . "morgen") (overdue . "überfällig")
     (after-due . "nach Fälligkeit") (done . "erledigt")))
  "The words of the flags, as the shell client prints them.")

(defconst taskwire-display--places
  '(("en" ("inbox" . "Inbox") ("today" . "Today") ("upcoming" . "Upcoming"))
    ("de" ("inbox" . "zum Eingang") ("today" . "zu Heute") ("upcoming" . "zu Demnächst")))
  "The lists as a message names them.")

(defun taskwire-display--lang (lang)
  "LANG as one of the languages the tables have."
  (if (and lang (string-prefix-p "de" lang)) "de" "en"))

(defun taskwire-display--word (lang key)
  "The word KEY in LANG."
  (alist-get key (cdr (assoc (taskwire-display--lang lang) taskwire-display--words))))

(defun taskwire-display--ymd (date)
  "The year, month and day of the YYYY-MM-DD DATE, as a list of numbers."
  (mapcar #'string-to-number (split-string date "-")))

(defun taskwire-display-days (date)
  "Days since 1970-01-01 of the YYYY-MM-DD DATE (Hinnant's days_from_civil)."
  (pcase-let* ((`(,y ,m ,d) (taskwire-display--ymd date))
               (y (if (<= m 2) (1- y) y))
               (era (/ (if (>= y 0) y (- y 399)) 400))
               (yoe (- y (* era 400)))
               (doy (+ (/ (+ (* 153 (+ m (if (> m 2) -3 9))) 2) 5) d -1))
               (doe (+ (* yoe 365) (/ yoe 4) (- (/ yoe 100)) doy)))
    (+ (* era 146097) doe -719468)))

(defun taskwire-display-weekday (date)
  "The weekday of DATE: 0 = Monday … 6 = Sunday."
  (mod (+ (taskwire-display-days date) 3) 7))

(defun taskwire-display-duration (minutes)
  "MINUTES as \"5m\", \"30m\", \"1h\", \"1h30m\"."
  (let ((hours (/ minutes 60)) (rest (% minutes 60)))
    (if (zerop hours)
        (format "%dm" rest)
      (concat (format "%dh" hours) (if (zerop rest) "" (format "%dm" rest))))))

(defun taskwire-display-repeat-words (recurrence)
  "RECURRENCE as \"daily\", \"every 3 days\", \"weekly!\"; nil for none."
  (let ((pattern (or (plist-get recurrence :pattern) "none")))
    (unless (equal pattern "none")
      (let* ((n (* (or (plist-get recurrence :interval) 1)
                   (if (equal pattern "biweekly") 2 1)))
             (units (pcase pattern ("daily" "days") ("monthly" "months") (_ "weeks")))
             (text (if (or (= n 1) (and (equal pattern "biweekly") (= n 2)))
                       pattern
                     (format "every %d %s" n units))))
        (concat text (if (eq (plist-get recurrence :afterCompletion) t) "!" ""))))))

(defun taskwire-display-day (date today lang)
  "DATE as \"Fri, Nov 27\" (\"Jan 4, 2027\" in a year other than TODAY's).
German with LANG \"de\": \"Fr, 27. Nov.\", \"4. Jan. 2027\"."
  (pcase-let* ((lang (taskwire-display--lang lang))
               (`(,y ,m ,d) (taskwire-display--ymd date))
               (month (aref (cdr (assoc lang taskwire-display--months)) (1- m))))
    (if (and today (/= y (string-to-number (substring today 0 4))))
        (if (equal lang "de")
            (format "%d. %s %d" d month y)
          (format "%s %d, %d" month d y))
      (let ((weekday (aref (cdr (assoc lang taskwire-display--weekdays))
                           (taskwire-display-weekday date))))
        (if (equal lang "de")
            (format "%s, %d. %s" weekday d month)
          (format "%s, %s %d" weekday month d))))))

(defun taskwire-display-due (date today lang)
  "\"due today\", \"due tomorrow\" or \"due Fri, Nov 27\" for DATE, seen on TODAY.
In LANG."
  (let ((delta (if today (- (taskwire-display-days date) (taskwire-display-days today)) 99)))
    (concat (taskwire-display--word lang 'due) " "
            (cond ((= delta 0) (taskwire-display--word lang 'today))
                  ((= delta 1) (taskwire-display--word lang 'tomorrow))
                  (t (taskwire-display-day date today lang))))))

(defun taskwire-display--string (value)
  "VALUE when it is a non-empty string, else nil."
  (and (stringp value) (not (string-empty-p value)) value))

(defun taskwire-display-markers (task today done lang)
  "The marker strings (with faces) after TASK's title, seen on TODAY, in LANG.
DONE: a completed task, to which the flags about dates to come do not apply."
  (let* ((parts nil)
         (priority (or (plist-get task :priority) 1))
         (tags (plist-get task :tags))
         (type (cdr (assoc (plist-get task :type) taskwire-display--types)))
         (minutes (or (plist-get task :durationMinutes) 15))
         (repeat (taskwire-display-repeat-words (plist-get task :recurrence)))
         (scheduled (taskwire-display--string (plist-get task :scheduledDate)))
         (due (taskwire-display--string (plist-get task :dueDate))))
    (cl-flet ((add (text face) (push (propertize text 'face face) parts)))
      (when (>= priority 2) (add (make-string priority ?!) 'taskwire-priority))
      (when (eq (plist-get task :urgent) t) (add "*" 'taskwire-urgent))
      (when (> (length tags) 0)
        (add (mapconcat (lambda (tag) (concat "#" tag)) tags " ") 'taskwire-tag))
      (when type (add type 'taskwire-type))
      (unless (= minutes 15) (add (taskwire-display-duration minutes) 'taskwire-duration))
      (when repeat (add (concat "↻ " repeat) 'taskwire-repeat))
      (when due
        (add (taskwire-display-due due today lang)
             (if (and today (not done) (equal due today)) 'taskwire-due-today 'taskwire-due)))
      (when (and (not done) today)
        (when (or (and due (string< due today)) (and scheduled (string< scheduled today)))
          (add (taskwire-display--word lang 'overdue) 'taskwire-overdue))
        (when (and scheduled due (string< due scheduled))
          (add (taskwire-display--word lang 'after-due) 'taskwire-after-due))))
    (nreverse parts)))

(defun taskwire-display-task-line (task today lang &optional done-day)
  "TASK's line (without a newline), seen on TODAY, in LANG.
DONE-DAY: the logbook's completion day, said at the end."
  (let* ((done (eq (plist-get task :completed) t))
         (parts (taskwire-display-markers task today done lang))
         (title (replace-regexp-in-string "[\n\r]" " " (or (plist-get task :title) ""))))
    (when done-day
      (setq parts (append parts
                          (list (propertize (concat (taskwire-display--word lang 'done) " "
                                                    (taskwire-display-day done-day today lang))
                                            'face 'taskwire-done)))))
    (concat (propertize (if done "[x] " "[ ] ") 'face 'taskwire-box)
            (if done (propertize title 'face 'taskwire-done) title)
            (mapconcat (lambda (part) (concat "  " part)) parts ""))))

(defun taskwire-display-header (group today lang)
  "GROUP's header: \"Today · Thu, Feb 12 · 30m\", \"Inbox · 45m\".
Seen on TODAY, in LANG.  A title that is the date itself (the server's
\"Feb 13\") gives way to the date with its weekday."
  (let* ((lang (taskwire-display--lang lang))
         (title (plist-get group :title))
         (date (taskwire-display--string (plist-get group :date)))
         (parts (list title))
         (total (apply #'+ (mapcar (lambda (task) (or (plist-get task :durationMinutes) 15))
                                   (plist-get group :tasks)))))
    (when date
      (let ((label (taskwire-display-day date today lang)))
        (when (and today (not (equal (substring date 0 4) (substring today 0 4))))
          (setq label (concat label " · " (aref (cdr (assoc lang taskwire-display--weekdays))
                                                 (taskwire-display-weekday date)))))
        (setq parts (if (string-match-p "[0-9]" title) (list label) (list title label)))))
    (when (> total 0)
      (setq parts (append parts (list (taskwire-display-duration total)))))
    (propertize (mapconcat #'identity parts " · ") 'face 'taskwire-group)))

(defun taskwire-display-placed (title place today lang)
  "Where task TITLE went, from PLACE (task/create's reply), seen on TODAY, in LANG.
\"added 'Call mom' to Upcoming: Fri, Feb 13\"."
  (let* ((lang (taskwire-display--lang lang))
         (view (plist-get place :view))
         (where (or (cdr (assoc view (cdr (assoc lang taskwire-display--places)))) view))
         (when (if (equal view "upcoming")
                   (concat ": " (taskwire-display-day (plist-get place :group) today lang))
                 "")))
    (if (equal lang "de")
        (format "'%s' %s hinzugefügt%s" title where when)
      (format "added '%s' to %s%s" title where when))))

(provide 'taskwire-display)
;;; taskwire-display.el ends here
