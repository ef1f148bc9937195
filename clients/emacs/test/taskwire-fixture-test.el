;;; taskwire-fixture-test.el --- The shared display fixture, and a German session  -*- lexical-binding: t -*-

;;; Commentary:

;; Protocol/fixtures/display.json holds, for a store of about forty
;; tasks (display-store.json), what every client shows of each view in
;; English and in German.  The first test imports that store, opens
;; each view on it with the fixture's clock and time zone, and
;; compares the headers and task lines of the buffers with the
;; fixture's.  The second walks a German session through the views,
;; the keys, prompts, menus, messages, errors and the edit form, and
;; looks for English words in everything it showed.

;;; Code:

(require 'ert)
(require 'cl-lib)
(require 'taskwire-test)

(defconst taskwire-fixture-folder
  (expand-file-name "../../../Protocol/fixtures/"
                    (file-name-directory (or load-file-name buffer-file-name)))
  "Where the shared display fixture is.")

(defun taskwire-fixture ()
  "The display fixture, a hash table (arrays as lists)."
  (with-temp-buffer
    (insert-file-contents (expand-file-name "display.json" taskwire-fixture-folder))
    (json-parse-buffer :array-type 'list)))

(defun taskwire-fixture-store (fixture)
  "A new store holding FIXTURE's tasks."
  (let ((store (expand-file-name (format "fixture-%d.sqlite" (cl-incf taskwire-test--counter))
                                 (getenv "TW_TEST_TMP"))))
    (with-temp-buffer
      (should (equal 0 (call-process (getenv "TASKWIRE") nil t nil "import" "--db" store
                                     "--time-zone" (gethash "timeZone" fixture)
                                     (expand-file-name (gethash "store" fixture)
                                                       taskwire-fixture-folder)))))
    store))

(defun taskwire-fixture-shown (view)
  "VIEW's buffer as a person reads it: a list of (HEADER TASK-LINE …) per group."
  (let (groups)
    (with-current-buffer (taskwire-view-buffer view)
      (save-excursion
        (goto-char (point-min))
        (while (not (eobp))
          (let ((line (buffer-substring-no-properties (point) (line-end-position))))
            (pcase (get-text-property (point) 'taskwire-kind)
              ('group (push (list line) groups))
              ('task (setcar groups (cons line (car groups))))))
          (forward-line 1))))
    (nreverse (mapcar #'reverse groups))))

(ert-deftest taskwire-fixture-views-read-as-the-fixture-says ()
  (let* ((fixture (taskwire-fixture))
         (store (taskwire-fixture-store fixture)))
    (dolist (language '("en" "de"))
      (let ((taskwire-store store)
            (taskwire-server-program (getenv "TASKWIRE"))
            (taskwire-server-arguments (list "--clock" (gethash "clock" fixture)
                                             "--time-zone" (gethash "timeZone" fixture)))
            (taskwire-language language))
        (unwind-protect
            (maphash
             (lambda (view expected)
               (taskwire view)
               (should (equal (list language view (taskwire-fixture-shown view))
                              (list language view
                                    (mapcar (lambda (group) (cons (gethash "header" group)
                                                                  (gethash "tasks" group)))
                                            expected)))))
             (gethash language (gethash "views" fixture)))
          (taskwire-test--kill-views)
          (taskwire-rpc-stop))))))

;;;; A German session, searched for English words

(defconst taskwire-fixture-english
  "\\b\\(Inbox\\|Today\\|Upcoming\\|Search\\|Add\\|due\\|daily\\|weekly\\|Undid\\|empty\\|Logbook\\|Tomorrow\\|overdue\\)\\b"
  "English words a German session must not show (case matters).")

(defvar taskwire-fixture--seen nil
  "Everything the session showed: prompts, choices, messages, errors, buffers.")

(defvar taskwire-fixture--answers nil
  "What the stubbed minibuffer answers next, in order.")

(defun taskwire-fixture--read (prompt &optional initial &rest _)
  "Note PROMPT and the INITIAL input; answer the next of the answers."
  (setq taskwire-fixture--seen (cl-list* prompt initial taskwire-fixture--seen))
  (pop taskwire-fixture--answers))

(defun taskwire-fixture--choose (prompt collection &rest _)
  "Note PROMPT and the choices of COLLECTION; answer the next of the answers."
  (setq taskwire-fixture--seen (append (list prompt) (all-completions "" collection)
                                       taskwire-fixture--seen))
  (pop taskwire-fixture--answers))

(defun taskwire-fixture--do (view keys &rest answers)
  "Press KEYS in VIEW's buffer, the minibuffer answering ANSWERS.
Note the messages and the error it shows."
  (setq taskwire-fixture--answers answers)
  (condition-case err
      (taskwire-test-key view keys)
    (error (push (error-message-string err) taskwire-fixture--seen)))
  (push taskwire-test-message taskwire-fixture--seen))

(defun taskwire-fixture--menu-words ()
  "The headings and entries of the transient menu."
  (let (words)
    (cl-labels ((walk (spec)
                      (cond ((functionp spec) nil)
                            ((vectorp spec) (mapc #'walk spec))
                            ((consp spec)
                             (let ((description (plist-get (if (keywordp (car spec)) spec
                                                             (cl-member-if #'keywordp spec))
                                                           :description)))
                               (when (functionp description) (push (funcall description) words))
                               (mapc #'walk spec))))))
      (walk (get 'taskwire-dispatch 'transient--layout)))
    words))

(ert-deftest taskwire-fixture-a-german-session-says-no-english-word ()
  (taskwire-test-with-server "de"
    (setq taskwire-fixture--seen nil taskwire-catalogue-missing nil)
    (cl-letf (((symbol-function 'read-string) #'taskwire-fixture--read)
              ((symbol-function 'completing-read) #'taskwire-fixture--choose))
      (dolist (view '("Eingang" "Heute" "Demnächst" "Matrix" "Alle" "Logbuch" "Jederzeit"
                      "Irgendwann" "Projekte"))
        (setq taskwire-fixture--answers (list view))
        (call-interactively #'taskwire))
      (taskwire-fixture--do "today" "a" "Mutter anrufen #familie !! 30m fällig morgen")
      (taskwire-fixture--do "today" "a" "Zahnarzt übermorgen")
      (taskwire-fixture--do "today" "a" "Blumen gießen täglich")
      (taskwire-test-create "Steuer erledigen fällig gestern")
      (taskwire-test-goto "today" "Mutter anrufen")
      (taskwire-fixture--do "today" "M-<up>")
      (taskwire-fixture--do "today" "d")
      (taskwire-fixture--do "today" "/")
      (taskwire-fixture--do "today" "r")
      (taskwire-fixture--do "today" "/")
      (taskwire-test-goto "today" "Blumen")
      (taskwire-fixture--do "today" "k" "Nein")
      (taskwire-fixture--do "today" "s" "Datum wählen…" "in 3 tagen")
      (taskwire-test-goto "upcoming" "Zahnarzt")
      (taskwire-fixture--do "upcoming" "s" "Morgen")
      (taskwire-fixture--do "upcoming" "i")
      (taskwire-fixture--do "logbook" "a" "etwas")
      (taskwire-test-goto "today" "Steuer")
      (taskwire-fixture--do "today" "RET" "Steuer erledigen")
      (taskwire-fixture--do "today" "f" "#familie")
      (taskwire-fixture--do "today" "M-<down>")
      (with-current-buffer (taskwire-view-buffer "today")
        (push (taskwire-test-header-line) taskwire-fixture--seen))
      (taskwire-fixture--do "today" "f" "")
      (taskwire-fixture--do "today" "f" "sort:nirgends")
      (taskwire-fixture--do "today" "f" "@nickerchen")
      (taskwire-fixture--do "today" "f" "repeat:vielleicht")
      (taskwire-test-goto "today" "Mutter anrufen")
      (taskwire-fixture--do "today" "e")
      (with-current-buffer (window-buffer)
        (should (derived-mode-p 'taskwire-form-mode))
        (push (buffer-name) taskwire-fixture--seen)
        (push (buffer-string) taskwire-fixture--seen)
        (push (taskwire-test-header-line) taskwire-fixture--seen)
        (goto-char (point-min))
        (re-search-forward "^Priorität: .*$")
        (replace-match "Priorität: wichtig")
        (condition-case err (taskwire-form-params)
          (user-error (push (cadr err) taskwire-fixture--seen)))
        (goto-char (point-min))
        (re-search-forward "^Priorität: .*$")
        (replace-match "Priorität: Hoch")
        (taskwire-form-save)
        (push taskwire-test-message taskwire-fixture--seen))
      (setq taskwire-fixture--answers '("de"))
      (call-interactively #'taskwire-set-language)
      (setq taskwire-fixture--seen
            (append (taskwire-fixture--menu-words)
                    (mapcar #'taskwire-quickadd-field '("tag" "priority" "urgent" "duration"
                                                        "type" "date" "due" "recurrence"))
                    (list (taskwire-org-text))
                    taskwire-fixture--seen)))
    (dolist (view taskwire-view-names)
      (push (buffer-name (taskwire-view-buffer view)) taskwire-fixture--seen)
      (push (taskwire-test-text view) taskwire-fixture--seen))
    ;; the session showed what it should have
    (should (member "taskwire: 'Mutter anrufen' erledigt" taskwire-fixture--seen))
    (should (member "*taskwire Logbuch*" taskwire-fixture--seen))
    (should (member "Datum (heute, morgen, fr, 1. dez, in 3 tagen): " taskwire-fixture--seen))
    ;; the menu's days and where a task went, in the server's words
    (should (member "Morgen  Fr, 13. Feb." taskwire-fixture--seen))
    (should (member "taskwire: 'Blumen gießen' für So, 15. Feb. geplant" taskwire-fixture--seen))
    (should (member "taskwire: 'Zahnarzt' für Fr, 13. Feb. geplant" taskwire-fixture--seen))
    (should (member "taskwire: 'Zahnarzt' in den Eingang gelegt" taskwire-fixture--seen))
    (should-not taskwire-catalogue-missing)
    (let ((case-fold-search nil))
      (should-not (seq-filter (lambda (text) (and (stringp text)
                                                  (string-match-p taskwire-fixture-english text)))
                              taskwire-fixture--seen))))
  ;; a server that cannot open its store says so in German too, from a catalogue of its own
  (let ((taskwire-catalogue nil)
        (taskwire-server-program (getenv "TASKWIRE"))
        (taskwire-language "de")
        (taskwire-store (expand-file-name "kein-speicher" (getenv "TW_TEST_TMP"))))
    (with-temp-file taskwire-store (insert "hallo\n"))
    (should (string-prefix-p "Taskwire: der Server wurde beendet: "
                             (cadr (should-error (taskwire-today) :type 'user-error))))
    (taskwire-test--kill-views)))

(provide 'taskwire-fixture-test)
;;; taskwire-fixture-test.el ends here
