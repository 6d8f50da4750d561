/// The desk's own pages (``PageTemplate``): the sign-in form and the clerk's page. Like the
/// boards' pages (``BoardPages``) they fetch nothing from elsewhere and write every text a
/// lane or a user gave with `textContent`, so a bowler's name is shown as typed, never read
/// as markup.
enum DeskPages {
  /// `GET /login`, and again after a failed sign-in with `error` said above the form
  /// (escaped as HTML by the template).
  static func signIn(error: String?) -> String {
    let values: [String: Any] = error.map { ["error": $0] } ?? [:]
    return PageTemplate.signIn.render(values)
  }

  /// `/`: every lane at a glance from the desk's event stream, each fault with who
  /// acknowledged it or a button to; choosing a lane opens its actions (open it for a party,
  /// end its session, correct its last throw on a pin deck, start a league night on its pair
  /// from a night file or the records' roster, a league night's correction),
  /// each sent to `/api/lanes/<lane>/commands` with the session's CSRF token, the lane's
  /// reply shown beside the buttons.
  static let clerk = PageTemplate.clerk.render()
}
