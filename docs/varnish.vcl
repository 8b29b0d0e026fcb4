vcl 4.1;

# Varnish in front of the shop (docs/scaling.md, step 3; docs/decisions/0043). It trusts the shop's own
# headers: what it keeps, for how long, and under which surrogate keys is the shop's to say
# (Cache-Control's s-maxage and stale-while-revalidate, Surrogate-Key). The end-to-end test runs this file.

backend shop {
	.host = "127.0.0.1";
	.port = "3000";
}

# Who may invalidate: the shop's own machine.
acl purgers {
	"127.0.0.1";
	"::1";
}

sub vcl_recv {
	# The shop's purge: every object carrying one of the named keys goes (a ban, checked lazily).
	if (req.method == "BAN" || req.method == "PURGE") {
		if (client.ip !~ purgers) {
			return (synth(405, "Not allowed"));
		}
		if (!req.http.Surrogate-Key || req.http.Surrogate-Key !~ "^[A-Za-z0-9_-]+( [A-Za-z0-9_-]+)*$") {
			return (synth(400, "Surrogate-Key required"));
		}
		# (A ban's regular expression may hold no space: the keys are told apart by any other character.)
		ban("obj.http.Surrogate-Key ~ (^|[^A-Za-z0-9_-])(" + regsuball(req.http.Surrogate-Key, " ", "|") + ")([^A-Za-z0-9_-]|$)");
		return (synth(200, "Banned"));
	}
	if (req.method != "GET" && req.method != "HEAD") {
		return (pass);
	}
	# Varnish's own rule passes every request with a cookie. The shop renders a shareable page for no one
	# in particular and marks everything else private or no-store, so a cookie changes nothing here;
	# only the one-time flash message must reach the shop (its answer is private anyway).
	if (req.http.Cookie ~ "(^|; *)__(Host-)?flash=") {
		return (pass);
	}
	return (hash);
}

sub vcl_deliver {
	if (obj.hits > 0) {
		set resp.http.X-Cache = "HIT";
	} else {
		set resp.http.X-Cache = "MISS";
	}
}
