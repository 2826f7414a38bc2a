/// The JSON Schema (draft 2020-12) of `site-config.yml`, the same bytes as the repository's
/// `schema/site-config.schema.json` (a test keeps the two, and the reader's keys, in step).
/// `trampoline init` writes it beside the starter catalog so editors validate without a network.
public enum CatalogSchema {
    /// Where `init` writes the schema, beside the catalog; the catalog's first line points at it.
    public static let fileName = "site-config.schema.json"

    /// The schema's text.
    public static let json = ##"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://trampoline.invalid/schema/site-config.schema.json",
  "title": "Trampoline link catalog (site-config.yml)",
  "description": "The link catalog that `trampoline build` turns into a deep-link site. The CLI checks more than this schema can (duplicate paths, reserved paths, the deep link's scheme against app.ios.scheme); the schema gives editors completion and early errors.",
  "type": "object",
  "additionalProperties": false,
  "required": ["site", "app", "links"],
  "properties": {
    "site": { "$ref": "#/$defs/site" },
    "app": { "$ref": "#/$defs/app" },
    "defaults": { "$ref": "#/$defs/defaults" },
    "links": {
      "description": "One entry per link; each becomes https://<site host><path>.",
      "type": "array",
      "items": { "$ref": "#/$defs/link" }
    }
  },
  "$defs": {
    "site": {
      "description": "Where the site is served and how it is written.",
      "type": "object",
      "additionalProperties": false,
      "required": ["url"],
      "properties": {
        "url": {
          "description": "https:// and the host the site is served from, with no path.",
          "type": "string",
          "pattern": "^[Hh][Tt][Tt][Pp][Ss]://[^/?#@\\s]+/?$"
        },
        "title": { "description": "The site's title (home page, previews).", "type": "string" },
        "language": {
          "description": "BCP 47 language tag for <html lang>.",
          "type": "string",
          "pattern": "^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$"
        },
        "output": { "description": "Output folder, relative to the catalog (default _site).", "type": "string", "minLength": 1 }
      }
    },
    "app": {
      "type": "object",
      "additionalProperties": false,
      "required": ["name", "ios"],
      "properties": {
        "name": { "description": "The app's display name.", "type": "string", "minLength": 1 },
        "ios": { "$ref": "#/$defs/ios" }
      }
    },
    "ios": {
      "type": "object",
      "additionalProperties": false,
      "required": ["team_id", "bundle_id", "app_store_id", "scheme"],
      "properties": {
        "team_id": { "description": "10-character Apple Developer team ID.", "type": "string", "pattern": "^[A-Z0-9]{10}$" },
        "bundle_id": { "description": "The app's bundle identifier.", "type": "string", "pattern": "^[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+$", "maxLength": 155 },
        "app_store_id": {
          "description": "The number after 'id' in the App Store URL; quote it.",
          "anyOf": [
            { "type": "string", "pattern": "^[0-9]{1,15}$" },
            { "type": "integer", "minimum": 0 }
          ]
        },
        "scheme": { "description": "The app's custom URL scheme, without ':' or '//'.", "type": "string", "pattern": "^[A-Za-z][A-Za-z0-9+.-]*$" },
        "app_store_url": { "description": "Defaults to https://apps.apple.com/app/id<app_store_id>.", "$ref": "#/$defs/httpURL" },
        "extra_app_ids": {
          "description": "More TEAMID.bundle.id values the AASA claims the links for.",
          "type": "array",
          "items": { "type": "string", "pattern": "^[A-Z0-9]{10}\\.[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+$" }
        }
      }
    },
    "defaults": {
      "description": "Options every link inherits; each link may override any of them.",
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "template": { "$ref": "#/$defs/template" },
        "fallback": { "$ref": "#/$defs/fallback" },
        "fallback_delay_ms": { "$ref": "#/$defs/fallback_delay_ms" },
        "deferred": { "$ref": "#/$defs/deferred" },
        "cookie_name": { "$ref": "#/$defs/cookie_name" },
        "cookie_days": { "$ref": "#/$defs/cookie_days" },
        "forward_query": { "$ref": "#/$defs/forward_query" },
        "image": { "$ref": "#/$defs/image" }
      }
    },
    "link": {
      "type": "object",
      "additionalProperties": false,
      "required": ["path", "title"],
      "properties": {
        "path": {
          "description": "The link's path, such as /topic/1.",
          "type": "string",
          "pattern": "^/[A-Za-z0-9._~!$&()+,;=:@/-]+$"
        },
        "deep_link": {
          "description": "The custom-scheme URL that opens the screen (default <scheme>://<path>).",
          "type": "string",
          "pattern": "^[A-Za-z][A-Za-z0-9+.-]*:[^\\s\"<>\\\\`]*$"
        },
        "title": { "description": "The page's title, shown in previews.", "type": "string", "minLength": 1 },
        "description": { "description": "Markdown shown on the page.", "type": "string" },
        "web_url": { "description": "The link's web page (used by fallback: web and on desktops).", "$ref": "#/$defs/httpURL" },
        "campaign": {
          "description": "Query parameters added to the deferred link, in order.",
          "type": "object",
          "additionalProperties": { "type": ["string", "number", "boolean", "null"] }
        },
        "template": { "$ref": "#/$defs/template" },
        "fallback": { "$ref": "#/$defs/fallback" },
        "fallback_delay_ms": { "$ref": "#/$defs/fallback_delay_ms" },
        "deferred": { "$ref": "#/$defs/deferred" },
        "cookie_name": { "$ref": "#/$defs/cookie_name" },
        "cookie_days": { "$ref": "#/$defs/cookie_days" },
        "forward_query": { "$ref": "#/$defs/forward_query" },
        "image": { "$ref": "#/$defs/image" }
      }
    },
    "httpURL": { "type": "string", "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^\\s\"<>\\\\`]+$" },
    "template": {
      "description": "interstitial, redirect, or the name of a Templates/<name>.md file.",
      "type": "string",
      "pattern": "^[a-z0-9_-]{1,64}$"
    },
    "fallback": { "description": "Where people without the app go: the App Store or the link's web_url.", "enum": ["store", "web"] },
    "fallback_delay_ms": { "description": "How long the redirect page waits for the app before falling back.", "type": "integer", "minimum": 0, "maximum": 60000 },
    "deferred": {
      "description": "How the link survives the install.",
      "type": "array",
      "items": { "enum": ["clipboard", "cookie"] },
      "uniqueItems": true
    },
    "cookie_name": { "type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$" },
    "cookie_days": { "type": "integer", "minimum": 1, "maximum": 400 },
    "forward_query": { "description": "Hand the visited URL's query to the app too.", "type": "boolean" },
    "image": { "description": "Image for social previews.", "$ref": "#/$defs/httpURL" }
  }
}
"""##
}
