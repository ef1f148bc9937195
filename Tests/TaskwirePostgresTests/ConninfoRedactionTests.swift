import TaskwirePostgres
import Testing

/// Connection strings in recordings and logs: every spelling of a password that libpq reads is
/// hidden, because libpq itself reads the string (issue 26).
@Suite struct ConninfoRedactionTests {
  @Test(arguments: [
    "host=/tmp dbname=x password=s3cret",
    "host=/tmp dbname=x password='a s3cret c'",
    "host=/tmp dbname=x password = 's3cret'",
    "host = /tmp dbname=x password= s3cret",
    "postgresql://u:s3cret@localhost/db",
    "postgresql://u@localhost/db?%70assword=s3cret",
    "postgresql://u@localhost/db?password=s3cret&sslmode=disable",
    "postgres://localhost/db?sslpassword=s3cret&password=s3cret",
  ])
  func noSpellingOfAPasswordSurvives(_ conninfo: String) {
    #expect(PostgresConninfo.isConninfo(conninfo))
    let shown = PostgresConninfo.redacted(conninfo)
    #expect(!shown.contains("s3cret"), "\(shown)")
    #expect(shown.contains("password='***'"), "\(shown)")
  }

  @Test func theRestIsKeptAsLibpqReadIt() {
    let shown = PostgresConninfo.redacted("host=/tmp dbname='my db' password='x y'")
    #expect(shown.contains("host='/tmp'"))
    #expect(shown.contains("dbname='my db'"))
    #expect(!shown.contains("x y"))
  }

  @Test func aStringLibpqCannotReadIsHiddenWhole() {
    let shown = PostgresConninfo.redacted("host=/tmp password='unterminated s3cret")
    #expect(!shown.contains("s3cret"))
  }

  @Test func filePathsAreNotConnectionStrings() {
    #expect(!PostgresConninfo.isConninfo("/home/me/tasks.sqlite"))
    #expect(!PostgresConninfo.isConninfo("--time-zone"))
    #expect(PostgresConninfo.redacted("/home/me/x=1.sqlite") == "/home/me/x=1.sqlite")
  }

  /// libpq's own messages quote a URL it could not read: the password in them is hidden too.
  @Test(arguments: [
    #"invalid IPv6 host address in URI: "postgresql://nobody:S3CRETpw@[::1/taskwire?connect_timeout=5""#,
    #"IPv6 host address may not be empty in URI: "postgresql://nobody:S3CRETpw@[]/taskwire""#,
    #"in postgres://u:S3CRETpw@@127.0.0.1/x"#,
    "could not connect: host=db user=me password=S3CRETpw dbname=t",
    "could not connect: host=db password='S3CRETpw and more' dbname=t",
  ])
  func passwordsInsideMessagesAreHidden(message: String) {
    let shown = PostgresConninfo.redacted(message)
    #expect(!shown.contains("S3CRETpw"), "\(shown)")
  }

  @Test func aPasswordQuotedAloneIsHiddenWhenTheConnectionStringIsKnown() {
    let url = "postgresql://nobody:S3CRET%zzpw@127.0.0.1:5432/taskwire"
    let shown = PostgresConninfo.scrubbed(#"invalid percent-encoded token: "S3CRET%zzpw""#, knowing: url)
    #expect(shown == #"invalid percent-encoded token: "***""#)
    // A "/" in the password: libpq reads its first part as the port, and says so.
    let slash = PostgresConninfo.scrubbed(
      #"invalid integer value "S3CRET" for connection option "port""#,
      knowing: "postgresql://nobody:S3CRET/pw@127.0.0.1:1/taskwire")
    #expect(!slash.contains("S3CRET"), "\(slash)")
    let keyValue = PostgresConninfo.scrubbed(
      #"invalid integer value "S3CRETpw" for connection option "port""#,
      knowing: "host=127.0.0.1 port=S3CRETpw password=S3CRETpw")
    #expect(!keyValue.contains("S3CRETpw"), "\(keyValue)")
  }
}
